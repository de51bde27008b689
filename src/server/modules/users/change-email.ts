import { sql } from 'drizzle-orm'
import { type AdminUser, type ChangeEmailBody, DELETED_USER_ID } from '../../../shared/users'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { isUniqueViolation, selectRows } from '../../db/raw'
import { HttpProblem, notFound } from '../../problems'
import { recordAudit } from '../audit/audit'
import { isUuid } from '../students/sql'
import { getAdminUser } from './admin-user-list'

const emailTaken = () =>
  new HttpProblem(409, 'email-taken', 'Another account already uses this email.', [
    { path: 'email', message: 'Another account already uses this email.' },
  ])

export interface EmailChange {
  user: AdminUser
  /** The address before, when it changed; undefined when the new one was the same. */
  previousEmail?: string
}

/**
 * `PATCH /v1/users/{id}/email` (docs/product.md#what-admins-may-change): the login email. better-auth
 * reads the email from `users` only (a credential account's `account_id` is the user's id), so
 * the person logs in with the new address at once and no longer with the old one. Sessions stay:
 * they belong to the person, not to the address.
 */
export async function changeEmail(
  db: DbOrTx,
  actor: Viewer,
  id: string,
  body: ChangeEmailBody,
): Promise<EmailChange> {
  if (!isUuid(id) || id === DELETED_USER_ID) throw notFound('No such user.')
  try {
    return await db.transaction(async (tx) => {
      const [target] = await selectRows<{ email: string }>(
        tx,
        sql`select email from users where id = ${id} for update`,
      )
      if (!target) throw notFound('No such user.')
      if (target.email.toLowerCase() === body.email) {
        // Only the case differs (or nothing): store what was typed, tell nobody.
        if (target.email !== body.email) {
          await tx.execute(sql`update users set email = ${body.email}, updated_at = now() where id = ${id}`)
        }
        return { user: (await getAdminUser(tx, id))! }
      }
      const [taken] = await selectRows<{ id: string }>(
        tx,
        sql`select id from users where lower(email) = ${body.email} and id <> ${id}`,
      )
      if (taken) throw emailTaken()
      await tx.execute(sql`update users set email = ${body.email}, updated_at = now() where id = ${id}`)
      // Reset links sent to the old address stop working.
      await tx.execute(sql`delete from verifications where value = ${id}`)
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'user.email-changed',
        subjectType: 'user',
        subjectId: id,
        before: { email: target.email },
        after: { email: body.email },
      })
      return { user: (await getAdminUser(tx, id))!, previousEmail: target.email }
    })
  } catch (error) {
    // Two admins giving two people the same address at once: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
}
