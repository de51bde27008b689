import { LRUCache } from 'lru-cache'
import { studentSchema, studentWithLatestSchema } from '../../../shared/students'
import { adminUserSchema, currentUserSchema } from '../../../shared/users'
import type { RecordCheck } from '../../auth/session'
import type { Db } from '../../db/client'
import { notFound } from '../../problems'
import { type AdminUserListRow, adminScoreLists, adminUserFromRow } from '../users/admin-users'
import { type CurrentUserSessionRow, ownScoreLists, toCurrentUser, type Viewer } from '../users/current-user'
import { teamStudentsAndVersions } from './lists'
import { accessFor, getStudent, type StudentAccess, studentAccessAndVersions } from './record'

/**
 * Student records as answered, kept by each instance (docs/architecture.md, the record cache).
 *
 * A read first asks one small query for the viewer's access and the record's versions, which
 * triggers bump in the same transaction as every write that changes what a record read answers
 * (migration 0008): the record's own rows, and `people` for the names, emails and staff profiles
 * it shows. A kept answer is served only when it was built from exactly those versions, so a write
 * on any instance is seen by the next read on every instance. Otherwise the record is built (its
 * versions read by the same statement, so the answer is never newer than the versions it is kept
 * under) and kept.
 *
 * What a record shows depends on the viewer only through their access (hidden documents,
 * guardians' emails), so answers are kept per student and access. A staff member's list of
 * students is kept likewise, under the versions of every student on it (`teamVersionsSql`).
 * Only committed reads go through here: never a transaction's handle.
 */
export class RecordCache {
  readonly #entries: LRUCache<string, { versions: string; body: string }>
  /** Answers being built, by key and the versions their reader checked (`#once`). */
  readonly #building = new Map<string, Promise<Built>>()
  hits = 0
  misses = 0
  /** Misses that waited for an answer another request was already building. */
  joined = 0

  constructor(maxBytes = 32 * 1024 * 1024) {
    this.#entries = new LRUCache({
      maxSize: maxBytes, // Both strings: an admin list's entry keeps its row in `versions`.
      sizeCalculation: (entry) => (entry.body.length + entry.versions.length) * 2,
    })
  }

  /**
   * The record as this viewer may see it, as the JSON text `GET /api/v1/students/{id}` answers
   * (encoded by its response schema); 404 when it is not theirs to see.
   */
  async body(
    db: Db,
    viewer: Viewer,
    studentId: string,
    /** Read with the session when the route declares `recordParam` (plugins/access.ts). */
    check?: RecordCheck | null,
  ): Promise<string> {
    const current =
      check?.studentId === studentId
        ? checkedAccess(viewer, check)
        : await studentAccessAndVersions(db, viewer, studentId)
    const kept = this.#entries.get(key(studentId, current.access))
    if (kept?.versions === current.versions) {
      this.hits++
      return kept.body
    }
    return this.#once(`${key(studentId, current.access)}@${current.versions}`, current.access, async () => {
      const { student, access, versions } = await getStudent(db, viewer, studentId)
      const body = JSON.stringify(studentSchema.encode(student))
      return { entryKey: key(studentId, access), access, versions, body }
    })
  }

  /**
   * A staff member's students with their newest scores (My Dashboard's `students`) as JSON text,
   * kept while `teamVersions` (read with the session) are current.
   */
  async teamBody(db: Db, memberId: string, teamVersions: string): Promise<string> {
    const kept = this.#entries.get(`team:${memberId}`)
    if (kept?.versions === teamVersions) {
      this.hits++
      return kept.body
    }
    return this.#once(`team:${memberId}@${teamVersions}`, 'team', async () => {
      const { students, versions } = await teamStudentsAndVersions(db, memberId)
      const body = JSON.stringify(studentsWithLatestSchema.encode(students))
      return { entryKey: `team:${memberId}`, access: 'team', versions, body }
    })
  }

  /**
   * Builds a missing answer once, however many requests miss it at the same moment (after a
   * restart under load, a hundred readers of one record would otherwise each build it: on the
   * embedded database they queued for seconds). A request joins a build only when that build's
   * reader checked the same versions, so the answer is at least as new as what the joiner checked;
   * and only when it was built for the same access. Otherwise, or when that build fails, it
   * builds its own.
   */
  async #once(flightKey: string, access: string, build: () => Promise<Built>): Promise<string> {
    this.misses++
    const inFlight = this.#building.get(flightKey)
    if (inFlight) {
      const built = await inFlight.catch(() => null)
      if (built?.access === access) {
        this.joined++
        return built.body
      }
    }
    const building = build()
    if (!inFlight) {
      this.#building.set(flightKey, building)
      building.then(
        () => this.#building.delete(flightKey),
        () => this.#building.delete(flightKey),
      )
    }
    const built = await building
    this.#entries.set(built.entryKey, { versions: built.versions, body: built.body })
    return built.body
  }

  /**
   * `GET /api/v1/users/me` as JSON text, from the session's row (read fresh on every request) and
   * a student's score lists, kept under their record's version. An answer is kept under that
   * version and everything else it shows, so any change to the person, their settings or
   * profiles, or their scores makes the next read build it again.
   */
  async currentUserBody(db: Db, row: CurrentUserSessionRow): Promise<string> {
    const entryKey = `me:${row.id}`
    const shown = currentUserFields(row)
    const kept = this.#entries.get(entryKey)
    if (kept?.versions === `${row.own_record_version}|${shown}`) {
      this.hits++
      return kept.body
    }
    this.misses++
    const scores = row.is_student ? await ownScoreLists(db, row.id) : { version: '0', sat: null, act: null }
    const body = JSON.stringify(
      currentUserSchema.encode(toCurrentUser({ ...row, sat: scores.sat, act: scores.act })),
    )
    this.#entries.set(entryKey, { versions: `${scores.version}|${shown}`, body })
    return body
  }

  /**
   * The admin's user list as JSON texts, one per row (`listUserRows`). Each row is read fresh by
   * the list's query (on the embedded database, kept until its next write); a student's score
   * lists are what is kept, under their record's version, so an answer is rebuilt when the
   * person, their profiles or their scores change. The lists that are missing are read together,
   * in one statement.
   */
  async adminUserBodies(db: Db, rows: readonly AdminUserListRow[]): Promise<string[]> {
    const shown = rows.map(({ student_version, sort_name, ...row }) => JSON.stringify(row))
    const bodies = rows.map((row, index) => {
      const kept = this.#entries.get(`admin-user:${row.id}`)
      return kept?.versions === `${row.student_version}|${shown[index]}` ? kept.body : undefined
    })
    const missing = rows.filter((_row, index) => bodies[index] === undefined)
    this.hits += rows.length - missing.length
    this.misses += missing.length
    if (missing.length === 0) return bodies as string[]
    const lists = await adminScoreLists(
      db,
      missing.filter((row) => row.is_student).map((row) => row.id),
    )
    return rows.map((row, index) => {
      if (bodies[index] !== undefined) return bodies[index]
      const scores = lists.get(row.id)
      const body = JSON.stringify(adminUserSchema.encode(adminUserFromRow(row, scores)))
      // Kept under the versions read with the lists (never older than the lists themselves); a
      // student whose lists were not found (deleted a moment ago) is answered but not kept.
      const versions = row.is_student ? scores?.versions : row.student_version
      if (versions !== undefined) {
        this.#entries.set(`admin-user:${row.id}`, { versions: `${versions}|${shown[index]}`, body })
      }
      return body
    })
  }

  clear() {
    this.#entries.clear()
  }

  get size() {
    return this.#entries.size
  }
}

function checkedAccess(viewer: Viewer, check: RecordCheck): { access: StudentAccess; versions: string } {
  const access = check.exists
    ? accessFor(viewer, check.studentId, check.viewerOnTeam, check.viewerIsGuardian)
    : null
  if (!access) throw notFound('No such student.')
  return { access, versions: check.versions }
}

/**
 * Every field a `users/me` answer shows but the scores, as JSON: with the scores' version, what a
 * kept answer is valid for.
 */
const currentUserFields = (row: CurrentUserSessionRow) =>
  JSON.stringify(toCurrentUser({ ...row, sat: null, act: null }))

/** A built answer: where it is kept, the access it was built for, and the versions it was read at. */
interface Built {
  entryKey: string
  access: string
  versions: string
  body: string
}

const studentsWithLatestSchema = studentWithLatestSchema.array()

const key = (studentId: string, access: StudentAccess) => `${studentId}:${access}`
