import { BRAND } from '../../shared/brand'
import { serviceLabel } from '../../shared/contact'
import { inviteRoleLabels } from '../../shared/roles'
import type { MailMessage } from './mailer'

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

export function inviteMail(
  to: string,
  link: string,
  roles: { admin: boolean; fao: boolean; educator: boolean; student: boolean },
  expiresAt: Date,
  /** The name the admin knows them by, when they gave one (bulk invites). */
  name?: string,
): MailMessage {
  const labels = inviteRoleLabels(roles).join(', ')
  return {
    to,
    subject: `Your invitation to ${BRAND.name}`,
    text: [
      ...(name ? [`Hello ${name},`, ''] : []),
      `You are invited to ${BRAND.name}'s workspace (${labels}).`,
      '',
      'Create your account with this link:',
      '',
      link,
      '',
      `The link works once and until ${expiresAt.toUTCString()}.`,
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
