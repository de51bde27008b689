import type { DbOrTx } from '../../db/client'
import type { UserInviteRow } from '../../db/schema'
import type { MailMessage } from '../../mail/mailer'
import { guardianAcceptMail, inviteMail } from '../../mail/messages'
import { acceptingAccount, inviterName, studentName } from './guardians'

/**
 * The mail an invite sends (null without an email): a guardian invite to an existing account asks
 * that person to accept it, since it is not used to create an account; any other invite carries
 * the sign-up link. Both the admin's invites and a record's guardian invites send it.
 */
export async function invitationMail(
  db: DbOrTx,
  row: UserInviteRow,
  link: string,
): Promise<MailMessage | null> {
  if (!row.email) return null
  const guardianOf = row.guardianStudentId
    ? { studentName: await studentName(db, row.guardianStudentId) }
    : undefined
  const accepting = guardianOf ? await acceptingAccount(db, row) : null
  if (guardianOf && accepting)
    return guardianAcceptMail(row.email, link, { ...guardianOf, ...accepting }, row.expiresAt)
  const invitedBy = await inviterName(db, row.createdById)
  return inviteMail(row.email, link, row, row.expiresAt, { guardianOf, name: row.name, invitedBy })
}
