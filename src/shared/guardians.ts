import { z } from 'zod'
import { inviteSchema } from './invites'
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
})
export type Guardian = z.infer<typeof guardianSchema>

/** `POST /v1/students/{id}/guardian-invites`. */
export const guardianInviteBodySchema = z.strictObject({
  email: emailField,
  relationship: requiredText(RELATIONSHIP_MAX),
})
export type GuardianInviteBody = z.infer<typeof guardianInviteBodySchema>

/**
 * The answer: 201 `{ invite, link }` when a new account is needed (the invite is emailed), or
 * 200 `{ guardian }` when an account with that email already existed and was linked at once.
 */
export const guardianInviteResultSchema = z.object({
  invite: inviteSchema.optional(),
  link: z.string().optional(),
  guardian: guardianSchema.optional(),
})
export type GuardianInviteResult = z.infer<typeof guardianInviteResultSchema>
