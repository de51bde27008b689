import { INVITE_LIFETIME_DAYS, type InviteMailOutcome } from '../../shared/invites'

/**
 * What happened to a guardian invite's email, in words, true to where it went: "emailed" only
 * when the mail server took it; "put in the outbox" when the server writes mail to its outbox
 * folder instead (nobody receives it); "could not be sent" when sending failed. Both the
 * record's Family card and Manage Users say it.
 */
export function guardianInviteWords(email: string, mail: InviteMailOutcome | undefined): string {
  const accept = `They are linked once they accept it; the link works for ${INVITE_LIFETIME_DAYS} days.`
  if (mail === 'outbox')
    return `Invite created. Its email to ${email} was put in the server's outbox, not sent: copy the link below and send it to them yourself. ${accept}`
  if (mail === 'failed')
    return `Invite created, but its email to ${email} could not be sent: copy the link below and send it to them yourself, or resend it later. ${accept}`
  return `Invite emailed to ${email}. ${accept} You can also copy the link and send it yourself.`
}

/** The same, short, for a toast; `again` after a resend. */
export function guardianInviteToast(
  email: string,
  mail: InviteMailOutcome | undefined,
  again = false,
): string {
  if (mail === 'outbox') return `Invite for ${email} put in the outbox${again ? ' again' : ''}`
  if (mail === 'failed')
    return `Invite ${again ? 'renewed' : 'created'}; the email to ${email} could not be sent`
  return `Invite emailed ${again ? 'again ' : ''}to ${email}`
}
