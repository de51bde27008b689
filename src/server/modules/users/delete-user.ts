import { sql } from 'drizzle-orm'
import { DELETED_USER_ID, DELETED_USER_NAME, type DeleteUserBody } from '../../../shared/users'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import type { FileStore } from '../../files/store'
import { HttpProblem, notFound } from '../../problems'
import { recordAudit } from '../audit/audit'
import { isUuid } from '../students/sql'
import { lastAdminMessage, lockAdmins, refused } from './admin-users'

/**
 * Columns that name a person on rows that outlive them (someone else's record, an invite, the
 * audit log). They point at the "Deleted user" row instead, so every screen shows that name and
 * the restrict keys on documents, notes and tasks never block a deletion.
 */
const AUTHOR_COLUMNS = [
  ['documents', 'creator_id'],
  ['session_notes', 'author_id'],
  ['messages', 'author_id'],
  ['messages', 'deleted_by_id'],
  ['tasks', 'created_by_id'],
  ['tasks', 'assignee_id'],
  ['tutoring_sessions', 'educator_id'],
  ['tutoring_sessions', 'created_by_id'],
  ['session_series', 'created_by_id'],
  ['hour_packages', 'created_by_id'],
  ['hour_ledger', 'created_by_id'],
  ['sat_scores', 'created_by_id'],
  ['act_scores', 'created_by_id'],
  ['guardian_links', 'created_by_id'],
  ['user_invites', 'created_by_id'],
  ['user_invites', 'user_id'],
  ['contact_requests', 'handled_by_id'],
  ['app_settings', 'updated_by_id'],
  ['audit_events', 'actor_id'],
  ['audit_events', 'subject_id'],
  ['audit_events', 'student_id'],
] as const

/** The row that stands for every deleted person: no account, no profiles, cannot log in. */
async function ensureDeletedUser(tx: DbOrTx): Promise<void> {
  await tx.execute(
    sql`insert into users (id, name, email, onboarding_required, disabled_at)
    values (${DELETED_USER_ID}, ${DELETED_USER_NAME}, ${DELETED_USER_NAME}, false, now())
    on conflict (id) do nothing`,
  )
}

/** A JSON string literal as it appears in jsonb's text form, for a plain replace. */
const jsonString = (value: string) => JSON.stringify(value)

/** Every address the person had: the current one and those an admin changed away from. */
async function knownEmails(tx: DbOrTx, id: string, current: string): Promise<string[]> {
  const rows = await selectRows<{ email: string | null }>(
    tx,
    sql`select before->>'email' as email from audit_events
    where action = 'user.email-changed' and subject_id = ${id}
    union select after->>'email' from audit_events
    where action = 'user.email-changed' and subject_id = ${id}`,
  )
  const all = [current, ...rows.map((row) => row.email)].filter((email): email is string => Boolean(email))
  return [...new Set(all.flatMap((email) => [email, email.toLowerCase()]))]
}

/** Replaces the person's id and addresses inside audit events' before and after. */
async function scrubAuditContents(tx: DbOrTx, id: string, emails: string[]): Promise<void> {
  const replacements: Array<[string, string]> = [
    [jsonString(id), jsonString(DELETED_USER_ID)],
    ...emails.map((email): [string, string] => [jsonString(email), jsonString(DELETED_USER_NAME)]),
  ]
  for (const name of ['before', 'after'] as const) {
    const column = sql.raw(name)
    let text = sql`${column}::text`
    for (const [from, to] of replacements) text = sql`replace(${text}, ${from}, ${to})`
    const mentions = replacements.map(([from]) => sql`strpos(${column}::text, ${from}) > 0`)
    await tx.execute(
      sql`update audit_events set ${column} = (${text})::jsonb
      where ${column} is not null and (${sql.join(mentions, sql` or `)})`,
    )
  }
}

/**
 * `DELETE /v1/users/{id}` (docs/product.md#deleting-a-person): the account with everything that
 * is only theirs goes, in one transaction. A student's whole record goes with them (the student
 * profile's keys cascade: scores, documents, notes, tasks, colleges, team, guardian links,
 * guardian invites); rows they wrote elsewhere stay under "Deleted user". Audit events stay as
 * events, with the person's id and email replaced, and those of a deleted student's record lose
 * their before and after (they held the record's contents). The files of the record's uploaded
 * documents are removed once the deletion has committed; one that cannot be is reported to
 * `onOrphan`.
 */
export async function deleteUser(
  db: DbOrTx,
  files: FileStore,
  actor: Viewer,
  id: string,
  body: DeleteUserBody,
  onOrphan: (key: string, error: unknown) => void,
): Promise<void> {
  if (!isUuid(id) || id === DELETED_USER_ID) throw notFound('No such user.')
  const fileKeys = await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx, actor.id, 'Only admins can delete people.')
    const [target] = await selectRows<{ email: string; student: boolean; archived: boolean }>(
      tx,
      sql`select u.email, sp.user_id is not null as student, sp.archived_at is not null as archived
      from users u left join student_profiles sp on sp.user_id = u.id where u.id = ${id} for update of u`,
    )
    if (!target) throw notFound('No such user.')
    if (body.confirmEmail.toLowerCase() !== target.email.toLowerCase()) {
      throw new HttpProblem(400, 'invalid-input', 'confirmEmail: Type the email of the person you delete.', [
        { path: 'confirmEmail', message: 'Type the email of the person you delete.' },
      ])
    }
    if (id === actor.id) {
      throw refused('own-account', 'id', 'You cannot delete your own account. Ask another admin.')
    }
    if (target.student && !target.archived) {
      throw refused(
        'student-not-archived',
        'id',
        'Archive this student first: a student is deleted only once archived, and their whole record goes with them.',
      )
    }
    if (admins.isAdmin(id) && !admins.otherEnabledAdmin(id))
      throw refused('last-admin', 'id', lastAdminMessage)

    await ensureDeletedUser(tx)
    const stored = target.student
      ? await selectRows<{ key: string }>(
          tx,
          sql`select file_key as key from documents where student_id = ${id} and file_key is not null`,
        )
      : []
    // Audit events about the student's own record kept its contents (note bodies, documents,
    // scores): the events stay, their contents go with the record.
    if (target.student) {
      await tx.execute(sql`update audit_events set before = null, after = null where student_id = ${id}`)
    }
    // Ids and emails inside other events' before and after (a team member, a guardian, an
    // invite's address, an earlier email change) are replaced as well.
    const emails = await knownEmails(tx, id, target.email)
    await scrubAuditContents(tx, id, emails)
    // The invite they signed up with kept their address, and the name they were invited by.
    await tx.execute(sql`update user_invites set email = null, name = null where user_id = ${id}`)
    for (const [table, column] of AUTHOR_COLUMNS) {
      await tx.execute(
        sql`update ${sql.raw(table)} set ${sql.raw(column)} = ${DELETED_USER_ID} where ${sql.raw(column)} = ${id}`,
      )
    }
    // Pending password-reset links name the user in their value.
    await tx.execute(sql`delete from verifications where value = ${id}`)
    // Sessions, accounts, two-factor rows, calendar feeds, profiles, team memberships and guardian
    // links cascade from the user; a student's record cascades from their profile.
    await tx.execute(sql`delete from users where id = ${id}`)
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.deleted',
      subjectType: 'user',
      subjectId: DELETED_USER_ID,
      before: { student: target.student },
    })
    return stored.map((row) => row.key)
  })
  for (const key of fileKeys) await files.remove(key).catch((error: unknown) => onOrphan(key, error))
}
