import { sql } from 'drizzle-orm'
import type { GuardianInviteAcceptance } from '../../../shared/guardians'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { notFound } from '../../problems'
import { isUuid } from '../students/sql'
import { linkGuardian, requireEligibleGuardian } from './guardians'

interface OpenInviteRow {
  id: string
  student_id: string
  student_name: string
  relationship: string
  invited_by_id: string | null
  invited_by: string | null
}

/**
 * The same answer for every invite the viewer may not accept (unknown, not a guardian invite, for
 * another address, used or expired), so that opening someone else's link tells nothing.
 */
const notOpenToYou = () => notFound('This invite is not open to your account.')

/** A guardian invite bound to the viewer's email, available; `lock` holds it for the acceptance. */
async function openInviteFor(db: DbOrTx, viewer: Viewer, inviteId: string, lock = false) {
  if (!isUuid(inviteId)) throw notOpenToYou()
  const [row] = await selectRows<OpenInviteRow>(
    db,
    sql`select ui.id, ui.guardian_student_id as student_id, s.name as student_name,
      ui.guardian_relationship as relationship, ui.created_by_id as invited_by_id, c.name as invited_by
    from user_invites ui join users s on s.id = ui.guardian_student_id
    left join users c on c.id = ui.created_by_id
    where ui.id = ${inviteId} and ui.guardian_relationship is not null
      and lower(ui.email) = lower((select email from users where id = ${viewer.id}))
      and ui.used_at is null and ui.expires_at > now()
    ${lock ? sql`for update of ui` : sql``}`,
  )
  if (!row) throw notOpenToYou()
  return row
}

/** `GET /v1/user-invites/{id}/acceptance`: what accepting would do, for the person it was sent to. */
export async function guardianInviteAcceptance(
  db: DbOrTx,
  viewer: Viewer,
  inviteId: string,
): Promise<GuardianInviteAcceptance> {
  const row = await openInviteFor(db, viewer, inviteId)
  return {
    student: { name: row.student_name, uuid: row.student_id },
    relationship: row.relationship,
    invitedBy: row.invited_by || null,
  }
}

/**
 * `POST /v1/user-invites/{id}/accept`: the logged-in person the guardian invite was sent to
 * accepts it. In one transaction: the invite is used, the link made (accepted) and audited
 * (docs/product.md#guardians). Refused for the student, any student and staff on the team.
 */
export async function acceptGuardianInvite(
  db: DbOrTx,
  viewer: Viewer,
  inviteId: string,
): Promise<{ studentUUID: string }> {
  return db.transaction(async (tx) => {
    const row = await openInviteFor(tx, viewer, inviteId, true)
    await requireEligibleGuardian(tx, viewer.id, row.student_id, 'invite')
    await tx.execute(
      sql`update user_invites set used_at = now(), user_id = ${viewer.id} where id = ${row.id}`,
    )
    await linkGuardian(tx, {
      guardianId: viewer.id,
      studentId: row.student_id,
      relationship: row.relationship,
      actorId: viewer.id,
      acceptedInvite: { id: row.id, invitedById: row.invited_by_id },
    })
    return { studentUUID: row.student_id }
  })
}
