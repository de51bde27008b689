import { sql } from 'drizzle-orm'
import type { CurrentUser, UpdateMeBody } from '../../../shared/users'
import { MESSAGES } from '../../../shared/validation'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { fieldError } from '../../problems'
import { getCurrentUser } from './current-user'

/**
 * `PATCH /v1/users/me`: the caller's name, their bio when they hold an educator profile, their
 * time zone, and which emails they get (shared notes, task reminders, session reminders, messages).
 */
export async function updateMe(db: DbOrTx, viewer: Viewer, body: UpdateMeBody): Promise<CurrentUser> {
  if (body.bio !== undefined && !viewer.roles.has('educator')) {
    throw fieldError('bio', 'Only educators have a bio.')
  }
  // As at onboarding, an educator's bio is required (docs/product.md#onboarding).
  if (body.bio === '') throw fieldError('bio', MESSAGES.required)
  return db.transaction(async (tx) => {
    if (body.name !== undefined) {
      await tx.execute(sql`update users set name = ${body.name}, updated_at = now() where id = ${viewer.id}`)
    }
    if (body.bio !== undefined) {
      await tx.execute(sql`update educator_profiles set bio = ${body.bio} where user_id = ${viewer.id}`)
    }
    if (body.emailTaskReminders !== undefined) {
      await tx.execute(
        sql`update users set email_task_reminders = ${body.emailTaskReminders}, updated_at = now() where id = ${viewer.id}`,
      )
    }
    if (body.emailSessionReminders !== undefined) {
      await tx.execute(
        sql`update users set email_session_reminders = ${body.emailSessionReminders}, updated_at = now() where id = ${viewer.id}`,
      )
    }
    if (body.emailMessages !== undefined) {
      await tx.execute(
        sql`update users set email_messages = ${body.emailMessages}, updated_at = now() where id = ${viewer.id}`,
      )
    }
    if (body.timeZone !== undefined) {
      await tx.execute(
        sql`update users set time_zone = ${body.timeZone}, updated_at = now() where id = ${viewer.id}`,
      )
    }
    if (body.emailOnSharedNotes !== undefined) {
      await tx.execute(
        sql`update users set email_on_shared_notes = ${body.emailOnSharedNotes}, updated_at = now() where id = ${viewer.id}`,
      )
    }
    return (await getCurrentUser(tx, viewer.id))!
  })
}
