import { sql } from 'drizzle-orm'
import {
  earliestNewTestDate,
  type StudentProfile,
  type StudentProfilePatch,
  type TestDate,
} from '../../../shared/student-profile'
import type { Viewer } from '../../auth/viewer'
import type { Db, Tx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { fieldError } from '../../problems'
import { recordAudit } from '../audit/audit'
import { studentAccess } from './record'
import { requireRule } from './record-rules'

/**
 * The student profile (docs/product.md#student-profile): class year, school and planned test dates,
 * on the student's `student_profiles` row (so a change moves the record's version like the rest).
 * Whoever reads the record reads it; the student, admins and educators on the team change it.
 */
interface ProfileRow {
  class_year: number | null
  school: string | null
  test_dates: TestDate[]
}

const toProfile = (row: ProfileRow): StudentProfile => ({
  classYear: row.class_year,
  school: row.school,
  testDates: row.test_dates,
})

async function loadProfile(db: Db | Tx, studentId: string, forUpdate = false): Promise<ProfileRow> {
  const [row] = await selectRows<ProfileRow>(
    db,
    sql`select class_year, school, test_dates from student_profiles where user_id = ${studentId}
    ${forUpdate ? sql`for update` : sql``}`,
  )
  return row!
}

export async function getStudentProfile(db: Db, viewer: Viewer, studentId: string): Promise<StudentProfile> {
  await studentAccess(db, viewer, studentId)
  return toProfile(await loadProfile(db, studentId))
}

/** In date order, one of each test and date; a date not already planned may not be in the past. */
function plannedDates(list: TestDate[], before: TestDate[], pathPrefix: string): TestDate[] {
  const key = (entry: TestDate) => `${entry.date} ${entry.test}`
  const known = new Set(before.map(key))
  const earliest = earliestNewTestDate()
  list.forEach((entry, index) => {
    if (!known.has(key(entry)) && entry.date < earliest)
      throw fieldError(`${pathPrefix}testDates.${index}.date`, 'Plan a test date from today on.')
  })
  const unique = new Map(list.map((entry) => [key(entry), { test: entry.test, date: entry.date }]))
  return [...unique.values()].sort((a, b) => key(a).localeCompare(key(b)))
}

/** The change itself, in the caller's transaction (onboarding uses it too), audited when it changes anything. */
export async function writeStudentProfile(
  tx: Tx,
  actorId: string,
  studentId: string,
  patch: StudentProfilePatch,
  /** Where the profile sits in the request body, for the field errors' paths. */
  pathPrefix = '',
): Promise<StudentProfile> {
  const before = toProfile(await loadProfile(tx, studentId, true))
  const after: StudentProfile = {
    classYear: patch.classYear === undefined ? before.classYear : patch.classYear,
    school: patch.school === undefined ? before.school : patch.school,
    testDates:
      patch.testDates === undefined
        ? before.testDates
        : plannedDates(patch.testDates, before.testDates, pathPrefix),
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return after
  await tx.execute(sql`update student_profiles set class_year = ${after.classYear}, school = ${after.school},
    test_dates = ${JSON.stringify(after.testDates)}::jsonb where user_id = ${studentId}`)
  await recordAudit(tx, {
    actorId,
    action: 'profile.changed',
    subjectType: 'student',
    subjectId: studentId,
    studentId,
    before,
    after,
  })
  return after
}

/** `PATCH /v1/students/{id}/profile`. */
export async function updateStudentProfile(
  db: Db,
  viewer: Viewer,
  studentId: string,
  patch: StudentProfilePatch,
): Promise<StudentProfile> {
  return db.transaction(async (tx) => {
    requireRule(await studentAccess(tx, viewer, studentId), 'profile.change')
    return writeStudentProfile(tx, viewer.id, studentId, patch)
  })
}
