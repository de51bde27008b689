import { z } from 'zod'
import { inviteeNameField, inviteSchema, sentInviteSchema } from './invites'
import { emailField, requiredText } from './validation'

/** Free text such as "Mother" or "Legal guardian". */
export const RELATIONSHIP_MAX = 40

/**
 * A guardian (parent or legal guardian) on a student's record. `email` is given to staff on the
 * team and admins only; the student and the family see names and relationships.
 */
export const guardianSchema = z.object({
  name: z.string(),
  uuid: z.string(),
  relationship: z.string(),
  email: z.string().optional(),
  /**
   * Admins only, and only when true: an educator linked this existing account at once, before
   * links needed the person's acceptance. It gives family access only to an account that holds
   * no staff or student profile.
   */
  notAccepted: z.boolean().optional(),
})
export type Guardian = z.infer<typeof guardianSchema>

/** `POST /v1/students/{id}/guardian-invites`. */
export const guardianInviteBodySchema = z.strictObject({
  email: emailField,
  relationship: requiredText(RELATIONSHIP_MAX),
  /** Optional: the guardian's name, for the invite list and the mail's greeting. */
  name: inviteeNameField,
})
export type GuardianInviteBody = z.infer<typeof guardianInviteBodySchema>
/** The body as a form holds it (a blank name is allowed and sent as none). */
export type GuardianInviteInput = z.input<typeof guardianInviteBodySchema>

/**
 * The answer: 201 `{ invite, link }` when an invite went out. Educators always get this, whether
 * or not an account has that email (the invite mailed to an existing account is accepted by its
 * owner while logged in). Admins get 200 `{ guardian }` when an existing account was linked at once.
 */
export const guardianInviteResultSchema = z.object({
  invite: inviteSchema.optional(),
  link: z.string().optional(),
  guardian: guardianSchema.optional(),
  /** With an invite: where its email went, as on the admin's invites (`sent`, `outbox`, `failed`). */
  mail: sentInviteSchema.shape.mail,
})
export type GuardianInviteResult = z.infer<typeof guardianInviteResultSchema>

/**
 * `GET /v1/students/{id}/guardian-invites`: an unused guardian invite of the student's, for the
 * people who may manage the family (admins and educators on the team). An expired one is listed
 * so that it can be resent; `link` is the invite link the email carries.
 */
export const pendingGuardianInviteSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  /** The name the inviter gave, when they gave one. */
  name: z.string().nullable(),
  relationship: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(['available', 'expired']),
  /** For family managers; the student, who sees only the invites they sent, does not get it. */
  link: z.string().optional(),
})
export type PendingGuardianInvite = z.infer<typeof pendingGuardianInviteSchema>

/** `GET /v1/user-invites/{id}/acceptance`: what accepting a guardian invite does, for its addressee. */
export const guardianInviteAcceptanceSchema = z.object({
  student: z.object({ name: z.string(), uuid: z.string() }),
  relationship: z.string(),
  /** Who invited them; null when that account is gone or it came from the command line. */
  invitedBy: z.string().nullable(),
})
export type GuardianInviteAcceptance = z.infer<typeof guardianInviteAcceptanceSchema>

/** `POST /v1/user-invites/{id}/accept`: the student whose record the person now follows. */
export const acceptedGuardianInviteSchema = z.object({ studentUUID: z.string() })
