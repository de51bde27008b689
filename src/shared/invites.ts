import { z } from 'zod'
import { ROLES } from './roles'
import { booleanField, emailField, hasVisibleCharacter, NAME_MAX } from './validation'

export const INVITE_LIFETIME_DAYS = 14

export const inviteSchema = z.object({
  uuid: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  student: z.boolean(),
  educator: z.boolean(),
  fao: z.boolean(),
  admin: z.boolean(),
  email: z.string().nullish(),
  /** The invitee's name as the admin gave it, when they gave one. */
  name: z.string().nullish(),
  userUUID: z.string().nullish(),
  usedAt: z.string().nullish(),
  /** A guardian invite: redeeming it links the new account to this student. */
  guardian: z.boolean().optional(),
  guardianOf: z.object({ name: z.string(), uuid: z.string(), relationship: z.string() }).nullish(),
})
export type Invite = z.infer<typeof inviteSchema>

const roleFlag = booleanField.default(false)

/**
 * The invitee's name, optional: the list shows it, the mail greets them with it, and sign-up
 * starts from it (they confirm or change it when they onboard). Blank means none.
 */
export const inviteeNameField = z
  .string('Expected text.')
  .trim()
  .max(NAME_MAX, `Use at most ${NAME_MAX} characters.`)
  .nullish()
  .transform((name) => (name && hasVisibleCharacter(name) ? name : undefined))

/** POST /v1/user-invites (docs/product.md#invites-and-sign-up): optional email, the four roles, optional usedAt. */
export const createInviteBodySchema = z
  .strictObject({
    // An empty box means no email. Not a union: a union's failure would show zod's 'Invalid input'.
    email: z.preprocess((value) => (value === '' ? undefined : value), emailField.optional().nullable()),
    name: inviteeNameField,
    student: roleFlag,
    educator: roleFlag,
    fao: roleFlag,
    admin: roleFlag,
    usedAt: z.iso.datetime({ offset: true, error: 'Use an ISO 8601 timestamp.' }).optional().nullable(),
    // Read-only fields a client may send back; accepted and ignored (docs/api.md#requests).
    uuid: z.unknown().optional(),
    createdAt: z.unknown().optional(),
    expiresAt: z.unknown().optional(),
    userUUID: z.unknown().optional(),
  })
  .refine((body) => body.student || body.educator || body.fao || body.admin, {
    message: 'Choose at least one role.',
    path: ['roles'],
  })
export type CreateInviteBody = z.infer<typeof createInviteBodySchema>

/** GET /v1/user-invites/{id}: what the login page needs, nothing more. */
export const invitePreviewSchema = z.object({
  email: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  available: z.boolean(),
})
export type InvitePreview = z.infer<typeof invitePreviewSchema>

/** An invite as the admin sees it: its status, and who used it. */
export const adminInviteSchema = inviteSchema.extend({
  status: z.enum(['available', 'used', 'expired']),
  usedBy: z.object({ name: z.string(), uuid: z.string() }).nullable().optional(),
  /** The first-admin link printed at setup: never renewed once an admin exists. */
  bootstrap: z.boolean().optional(),
})
export type AdminInvite = z.infer<typeof adminInviteSchema>

/**
 * An invite just created or resent, with where its email went: `sent` by the mail server,
 * `outbox` when the server writes mail to its outbox folder instead (no SMTP_URL: nobody receives
 * it), `failed` when sending failed. Absent for an invite without an email.
 */
export const sentInviteSchema = adminInviteSchema.extend({
  mail: z.enum(['sent', 'outbox', 'failed']).optional(),
})
export type SentInvite = z.infer<typeof sentInviteSchema>
export type InviteMailOutcome = NonNullable<SentInvite['mail']>
