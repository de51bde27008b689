import type { SentInvite } from '../../../shared/invites'
import { inviteRoleLabels } from '../../../shared/roles'

/**
 * What an admin is told after creating or resending an invite, true to where its email went:
 * "emailed" only when the mail server took it; "put in the outbox" when the server writes mail to
 * its outbox folder instead (the demo and any server without SMTP_URL), so nobody receives it.
 */
/** The invitee as the admin named them: "Ravi Patel (ravi@example.com)", or the email alone. */
const invitee = (invite: SentInvite) => (invite.name ? `${invite.name} (${invite.email})` : invite.email)

export function inviteCreatedStatus(invite: SentInvite): string {
  const roles = inviteRoleLabels(invite).join(', ')
  if (!invite.email)
    return `Invite for ${roles} created. Anyone with the link can use it, so share it with care.`
  if (invite.mail === 'outbox')
    return `Invite for ${roles} created. Its email to ${invite.email} was put in the server's outbox, not sent: share the link below yourself. Only that address can use it.`
  if (invite.mail === 'failed')
    return `Invite for ${roles} created, but its email to ${invite.email} could not be sent: share the link below, or resend it later. Only that address can use it.`
  return `Invite for ${roles} created and emailed to ${invitee(invite)}. Only that address can use it.`
}

export function inviteResentToast(invite: SentInvite, expires: string): string {
  if (!invite.email) return `Invite renewed; it now expires ${expires}`
  if (invite.mail === 'outbox')
    return `Invite for ${invite.email} put in the outbox again; it now expires ${expires}`
  if (invite.mail === 'failed')
    return `Invite renewed; the email to ${invite.email} could not be sent. It now expires ${expires}`
  return `Invite emailed again to ${invite.email}; it now expires ${expires}`
}
