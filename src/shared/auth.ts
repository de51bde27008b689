import { z } from 'zod'
import { NAME_MAX } from './users'
import {
  booleanField,
  currentPasswordField,
  emailField,
  MESSAGES,
  passwordField,
  uuidField,
} from './validation'

export const loginBodySchema = z.object({
  email: emailField,
  password: currentPasswordField,
})

/** The bodies the server accepts for better-auth's routes (ours validate first, naming fields). */
export const signInBodySchema = z.strictObject({
  ...loginBodySchema.shape,
  callbackURL: z.string().max(2000).optional(),
  rememberMe: z.boolean().optional(),
})
export const requestPasswordResetBodySchema = z.strictObject({
  email: emailField,
  redirectTo: z.string().max(2000).optional(),
})
export const resetPasswordBodySchema = z.strictObject({
  newPassword: passwordField,
  token: z.string(MESSAGES.required).min(1, MESSAGES.required).max(500),
})

/** POST /api/auth/change-password (/settings): the current password, then the new one. */
export const changePasswordBodySchema = z.strictObject({
  currentPassword: currentPasswordField,
  newPassword: passwordField,
  revokeOtherSessions: booleanField.optional(),
})

/** POST /api/auth/sign-up/email: invite-only; `name` may be empty until onboarding. */
export const signUpBodySchema = z.strictObject({
  email: emailField,
  password: passwordField,
  name: z.string().trim().max(NAME_MAX).default(''),
  invite: uuidField,
  callbackURL: z.string().optional(),
  rememberMe: z.boolean().optional(),
})
export type SignUpBody = z.infer<typeof signUpBodySchema>

export const forgotPasswordBodySchema = z.object({ email: emailField })

/** Forms that ask for a new password twice: the second box must match the first. */
const confirmPasswordField = z.string(MESSAGES.required).min(1, MESSAGES.required)
const MISMATCH = { message: 'The two passwords do not match.', path: ['confirmPassword'] }

export const resetPasswordFormSchema = z
  .object({ newPassword: passwordField, confirmPassword: confirmPasswordField })
  .refine((form) => form.newPassword === form.confirmPassword, MISMATCH)

export const createAccountFormSchema = z
  .object({ email: emailField, password: passwordField, confirmPassword: confirmPasswordField })
  .refine((form) => form.password === form.confirmPassword, MISMATCH)

/** /settings "Password": the current password, then the new one twice. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: passwordField,
    confirmPassword: confirmPasswordField,
  })
  .refine((form) => form.newPassword === form.confirmPassword, MISMATCH)

/** Two-factor set-up, turning it off and new backup codes all ask for the current password. */
export const twoFactorPasswordBodySchema = z.strictObject({ password: currentPasswordField })

/** A six-digit code from an authenticator app. */
export const totpCodeField = z
  .string(MESSAGES.required)
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.')

/** The second step of a login (or the first code after set-up); trustDevice skips it on this browser for 30 days. */
export const verifyTotpBodySchema = z.strictObject({
  code: totpCodeField,
  trustDevice: z.boolean().optional(),
})

/** One of the printed backup codes, used once, when the phone is not at hand. */
export const verifyBackupCodeBodySchema = z.strictObject({
  code: z
    .string(MESSAGES.required)
    .trim()
    .min(1, MESSAGES.required)
    .max(64, 'Enter one backup code as printed.'),
  trustDevice: z.boolean().optional(),
})
