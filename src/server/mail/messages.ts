import { BRAND } from '../../shared/brand'
import { serviceLabel } from '../../shared/contact'
import { formatPlainDate } from '../../shared/dates'
import { inviteRoleLabels } from '../../shared/roles'
import { DEFAULT_TIME_ZONE } from '../../shared/time-zones'
import type { MailMessage } from './mailer'
import { sessionTimeFor } from './session-messages'

/**
 * When an invite's link stops working, in the zone a new account starts in (the invitee has none
 * yet), as session emails write a time: "Mon, Dec 21, 2026, 6:32 AM EST (America/New_York)".
 */
const linkExpiry = (expiresAt: Date) => sessionTimeFor(expiresAt.toISOString(), DEFAULT_TIME_ZONE)

export function resetPasswordMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: `Reset your ${BRAND.name} password`,
    text: [
      'Someone asked to reset the password of your account. If it was you, open this link within an hour:',
      '',
      link,
      '',
      'If it was not you, ignore this email: your password stays as it is.',
      '',
      `${BRAND.name}`,
    ].join('\n'),
  }
}

export interface InviteMailOptions {
  /** A guardian invite: the student they will follow. */
  guardianOf?: { studentName: string } | undefined
  /** The name the admin knows them by, when they gave one: the mail greets them with it. */
  name?: string | null | undefined
  /** Who sent the invite; absent for the command line or an account since deleted. */
  invitedBy?: string | null | undefined
}

export function inviteMail(
  to: string,
  link: string,
  invite: {
    admin: boolean
    fao: boolean
    educator: boolean
    student: boolean
    /** A guardian invite's relationship as the inviter wrote it ("Father"), when given. */
    guardianRelationship?: string | null
  },
  expiresAt: Date,
  { guardianOf, name, invitedBy }: InviteMailOptions = {},
): MailMessage {
  const labels = inviteRoleLabels(invite).join(', ')
  const relation = invite.guardianRelationship?.toLowerCase() || 'guardian'
  const who = invitedBy ? `${invitedBy} invited you` : 'You are invited'
  return {
    to,
    subject: invitedBy ? `${invitedBy} invited you to ${BRAND.name}` : `Your invitation to ${BRAND.name}`,
    text: [
      ...(name ? [`Hello ${name},`, ''] : []),
      guardianOf
        ? `${who} to ${BRAND.name}'s workspace as ${guardianOf.studentName}'s ${relation}: you will see their scores, documents and the session notes their coaches share.`
        : `${who} to ${BRAND.name}'s workspace (${labels}).`,
      '',
      'Create your account with this link:',
      '',
      link,
      '',
      `The link works once and until ${linkExpiry(expiresAt)}.`,
      '',
      `${BRAND.name}: ${BRAND.tagline}`,
    ].join('\n'),
  }
}

export function contactRequestMail(
  to: string,
  request: { name: string; email: string; phone?: string | null; service: string; message: string },
  inboxLink: string,
): MailMessage {
  return {
    to,
    replyTo: request.email,
    subject: `New inquiry from ${request.name} (${serviceLabel(request.service)})`,
    text: [
      `${request.name} wrote through the contact form on the ${BRAND.name} website.`,
      '',
      `Email: ${request.email}`,
      `Phone: ${request.phone || 'not given'}`,
      `Interested in: ${serviceLabel(request.service)}`,
      '',
      request.message,
      '',
      `Reply to ${request.email}, then mark it handled at ${inboxLink}`,
    ].join('\n'),
  }
}

/** An existing account was linked to a student as their guardian: no invite needed. */
/**
 * A guardian invite sent to an address that already has an account: its owner logs in and
 * accepts. Only they receive it; whoever invited them is answered exactly as for a new address.
 */
export function guardianAcceptMail(
  to: string,
  link: string,
  invite: { studentName: string; inviterName: string | null },
  expiresAt: Date,
): MailMessage {
  return {
    to,
    subject: `${invite.inviterName ?? BRAND.name} invited you to follow ${invite.studentName}`,
    text: [
      `${invite.inviterName ?? `${BRAND.name}`} invited you to be linked as a parent or guardian of ${invite.studentName}: you would see their scores, documents and the session notes their coaches share.`,
      '',
      'You already have an account. Log in with this address and accept with this link:',
      '',
      link,
      '',
      `The link works once and until ${linkExpiry(expiresAt)}. If you do not know ${invite.studentName}, ignore this email: nothing changes until you accept.`,
      '',
      `${BRAND.name}: ${BRAND.tagline}`,
    ].join('\n'),
  }
}

export function guardianLinkedMail(to: string, studentName: string, recordLink: string): MailMessage {
  return {
    to,
    subject: `You can now follow ${studentName} on ${BRAND.name}`,
    text: [
      `Your ${BRAND.name} account is now linked to ${studentName} as their guardian.`,
      'Log in to see their scores, documents and the session notes their coaches share:',
      '',
      recordLink,
      '',
      `${BRAND.name}: ${BRAND.tagline}`,
    ].join('\n'),
  }
}

/**
 * A coach shared a session note. The note's text stays in the workspace: the email says only that
 * there is one, and where, so nothing about a minor travels in an email body.
 */
export function sharedNoteMail(
  to: string,
  note: { studentName: string; authorName: string; date: string },
  recordLink: string,
  settingsLink: string,
): MailMessage {
  return {
    to,
    subject: `New session note for ${note.studentName}`,
    text: [
      `${note.authorName} shared a note from the session of ${formatPlainDate(note.date)} with ${note.studentName}.`,
      'Read it in the workspace:',
      '',
      recordLink,
      '',
      `To stop these emails, turn off "Email me when a coach shares a session note" at ${settingsLink}`,
      '',
      `${BRAND.name}`,
    ].join('\n'),
  }
}

/** "1 hour", "2.5 hours". */
const hoursWords = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`

/**
 * A student's hours fell under the admins' threshold: to their guardians and the admins, once per
 * fall. No amounts of money and nothing to pay here: the company sells hours outside the app.
 */
export function lowBalanceMail(
  to: string,
  low: { studentName: string; hoursLeft: number; thresholdHours: number; recordLink: string },
): MailMessage {
  const left =
    low.hoursLeft > 0
      ? `${low.studentName} has ${hoursWords(low.hoursLeft)} of sessions left`
      : low.hoursLeft === 0
        ? `${low.studentName} has no hours of sessions left`
        : `${low.studentName}'s sessions have used ${hoursWords(-low.hoursLeft)} more than the hours bought`
  return {
    to,
    subject: `Hours running low for ${low.studentName}`,
    text: [
      `${left}. We write when the hours left fall under ${hoursWords(low.thresholdHours)}.`,
      '',
      'The hours, their packages and every session they paid for are on the record:',
      '',
      low.recordLink,
      '',
      `To add hours, write to ${BRAND.email} or call ${BRAND.phone}.`,
      '',
      `${BRAND.name}`,
    ].join('\n'),
  }
}

/** To the old address after an admin changed a person's login email. */
export function emailChangedOldAddressMail(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: `Your ${BRAND.name} email was changed`,
    text: [
      `An admin changed the email of your ${BRAND.name} account to ${newEmail}.`,
      `From now on you log in with ${newEmail}; this address no longer works for logging in.`,
      '',
      `If you did not ask for this, write to ${BRAND.email} or call ${BRAND.phone}.`,
      '',
      `${BRAND.name}`,
    ].join('\n'),
  }
}

/** To the new address after an admin changed a person's login email. */
export function emailChangedNewAddressMail(to: string, loginLink: string): MailMessage {
  return {
    to,
    subject: `Your ${BRAND.name} login email is now ${to}`,
    text: [
      `An admin changed the email of your ${BRAND.name} account to this address, ${to}.`,
      'Log in with it and your usual password:',
      '',
      loginLink,
      '',
      `If you did not expect this, write to ${BRAND.email} or call ${BRAND.phone}.`,
      '',
      `${BRAND.name}`,
    ].join('\n'),
  }
}
