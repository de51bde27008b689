import { sql } from 'drizzle-orm'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { HttpProblem, notFound } from '../../problems'
import { recordAudit } from '../audit/audit'
import { holdsStaffProfile, isUuid, type RawUserSummary, toUserSummary, userSummaryJson } from './sql'

async function requireStudent(db: DbOrTx, studentId: string) {
  if (!isUuid(studentId)) throw notFound('No such student.')
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`select user_id as id from student_profiles where user_id = ${studentId}`,
  )
  if (!row) throw notFound('No such student.')
}

/** Users holding an educator or FAO profile, active, not yet on the student's team nor its guardians. */
export async function availableTeamMembers(db: DbOrTx, studentId: string) {
  await requireStudent(db, studentId)
  const rows = await selectRows<{ summary: RawUserSummary; email: string }>(
    db,
    sql`select ${userSummaryJson('u')} as summary, u.email from users u
    where u.disabled_at is null and u.id <> ${studentId}
      and ${holdsStaffProfile(sql`u.id`)}
      and not exists(select 1 from team_members where student_id = ${studentId} and member_id = u.id)
      and not exists(select 1 from guardian_links where student_id = ${studentId} and guardian_id = u.id)
    order by u.name, u.id`,
  )
  return rows.map((row) => ({ ...toUserSummary(row.summary), email: row.email }))
}

/** Adds a member (idempotent); only people holding an educator or FAO profile may join a team. */
export async function addTeamMember(
  db: DbOrTx,
  actor: Viewer,
  studentId: string,
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireStudent(tx, studentId)
    if (!isUuid(userId)) throw notFound('No such user.')
    // Waits for a role change or disable of this person in progress (it holds `for update` on the
    // row), so the check below reads its outcome: nobody joins a team as they lose their staff role.
    await tx.execute(sql`select 1 from users where id = ${userId} for share`)
    const [user] = await selectRows<{ is_staff: boolean; disabled: boolean; is_guardian: boolean }>(
      tx,
      sql`select u.disabled_at is not null as disabled, ${holdsStaffProfile(sql`u.id`)} as is_staff,
        exists(select 1 from guardian_links where student_id = ${studentId} and guardian_id = u.id) as is_guardian
      from users u where u.id = ${userId}`,
    )
    if (!user) throw notFound('No such user.')
    if (!user.is_staff || userId === studentId) {
      throw new HttpProblem(
        400,
        'not-staff',
        'userId: only educators and financial-aid officers can join a team.',
        [{ path: 'userId', message: 'Only educators and financial-aid officers can join a team.' }],
      )
    }
    if (user.disabled) throw new HttpProblem(409, 'account-disabled', 'That account is disabled.')
    // Staff are never guardians of their own team's students (docs/product.md#guardians).
    if (user.is_guardian) {
      const message = "This person is this student's guardian; remove them from the family first."
      throw new HttpProblem(409, 'guardian-of-student', `userId: ${message}`, [{ path: 'userId', message }])
    }
    const added = await selectRows<{ member_id: string }>(
      tx,
      sql`insert into team_members (student_id, member_id) values (${studentId}, ${userId})
      on conflict do nothing returning member_id`,
    )
    if (added.length > 0) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'team-member.added',
        subjectType: 'user',
        subjectId: userId,
        studentId,
        after: { memberId: userId },
      })
    }
  })
}

export async function removeTeamMember(
  db: DbOrTx,
  actor: Viewer,
  studentId: string,
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireStudent(tx, studentId)
    if (!isUuid(userId)) throw notFound('No such team member.')
    const removed = await selectRows<{ member_id: string }>(
      tx,
      sql`delete from team_members where student_id = ${studentId} and member_id = ${userId} returning member_id`,
    )
    if (removed.length === 0) throw notFound('That person is not on this team.')
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'team-member.removed',
      subjectType: 'user',
      subjectId: userId,
      studentId,
      before: { memberId: userId },
    })
  })
}
