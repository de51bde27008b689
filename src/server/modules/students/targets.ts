import { sql } from 'drizzle-orm'
import type { Targets, TargetsInput } from '../../../shared/scores'
import type { Viewer } from '../../auth/viewer'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/raw'
import { forbidden } from '../../problems'
import { getStudentRules } from '../admin/settings'
import { recordAudit } from '../audit/audit'
import { requireScoreWriter } from './score-entries'

interface TargetRow {
  sat: number | null
  act: number | null
  sat_date: string | null
  act_date: string | null
}

/** The targets as answers and the audit log show them: a date only when there is one. */
export const toTargets = (row: TargetRow): Targets => ({
  sat: row.sat,
  act: row.act,
  ...(row.sat_date ? { satDate: row.sat_date } : {}),
  ...(row.act_date ? { actDate: row.act_date } : {}),
})

/**
 * Sets the targets (null clears one, an absent key keeps it; clearing a target clears its date);
 * the same writers as scores, but a student only while admins let students set their own
 * (docs/product.md#what-students-may-change).
 */
export async function setTargets(
  db: Db,
  viewer: Viewer,
  studentId: string,
  input: TargetsInput,
): Promise<Targets> {
  return db.transaction(async (tx) => {
    const access = await requireScoreWriter(tx, viewer, studentId, 'scores.add')
    if (access.kind === 'self' && !(await getStudentRules(tx)).studentsSetTargets) {
      throw forbidden('Your targets are set by your coach: ask them to change one.', 'targets-set-by-staff')
    }
    const [before] = await selectRows<TargetRow>(
      tx,
      sql`select target_sat as sat, target_act as act, to_char(target_sat_date, 'YYYY-MM-DD') as sat_date,
        to_char(target_act_date, 'YYYY-MM-DD') as act_date
      from student_profiles where user_id = ${studentId} for update`,
    )
    const keep = <K extends keyof TargetRow>(value: TargetRow[K] | undefined, key: K) =>
      value === undefined ? before![key] : value
    const after: TargetRow = {
      sat: keep(input.sat, 'sat'),
      act: keep(input.act, 'act'),
      sat_date: keep(input.satDate, 'sat_date'),
      act_date: keep(input.actDate, 'act_date'),
    }
    if (after.sat === null) after.sat_date = null
    if (after.act === null) after.act_date = null
    await tx.execute(
      sql`update student_profiles set target_sat = ${after.sat}, target_act = ${after.act},
        target_sat_date = ${after.sat_date}, target_act_date = ${after.act_date} where user_id = ${studentId}`,
    )
    const changed = (Object.keys(after) as Array<keyof TargetRow>).some((key) => after[key] !== before![key])
    if (changed) {
      await recordAudit(tx, {
        actorId: viewer.id,
        action: 'targets.changed',
        subjectType: 'student',
        subjectId: studentId,
        studentId,
        before: toTargets(before!),
        after: toTargets(after),
      })
    }
    return toTargets(after)
  })
}
