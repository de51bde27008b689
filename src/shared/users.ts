import { z } from 'zod'
import { MESSAGE_EMAIL_MODES, messageEmailField } from './messages'
import { cursorField, oneValue, pageLimit } from './paging'
import { ROLES } from './roles'
import { actScoreSchema, satScoreSchema } from './scores'
import {
  ONBOARDING_GUARDIANS_MAX,
  onboardingGuardianSchema,
  studentProfileFieldsSchema,
} from './student-profile'
import { timeZoneField } from './time-zones'
import { booleanField, emailField, NAME_MAX, requiredText } from './validation'

export const studentProfileSchema = z.object({
  satScoresHistorical: z.array(satScoreSchema).default([]),
  actScoresHistorical: z.array(actScoreSchema).default([]),
})
export const educatorProfileSchema = z.object({ bio: z.string() })
export const emptyProfileSchema = z.object({})

/** Profiles as they appear on any user the API returns (docs/product.md#roles-and-labels). */
export const profilesSchema = z.object({
  profileStudent: studentProfileSchema.nullish(),
  profileEducator: educatorProfileSchema.nullish(),
  profileAdmin: emptyProfileSchema.nullish(),
  profileFao: emptyProfileSchema.nullish(),
  /** A parent or legal guardian of one or more students (the links are on each student). */
  profileGuardian: emptyProfileSchema.nullish(),
})

/** A person as lists show them: name, uuid and their profiles (docs/product.md#roles-and-labels). */
export const userSummarySchema = z.object({
  name: z.string(),
  uuid: z.string(),
  ...profilesSchema.shape,
})
export type UserSummary = z.infer<typeof userSummarySchema>

/** `GET /v1/users?available-for=`: adds the email so an admin can tell people apart. */
export const availableUserSchema = userSummarySchema.extend({ email: z.string() })

/** The /settings checkbox for session emails; the emails quote it when they say how to stop them. */
export const SESSION_REMINDERS_LABEL = 'Email me before each tutoring session'

/** The /settings checkbox for task emails (`emailTaskReminders`); the emails quote it too. */
export const TASK_EMAILS_LABEL = 'Email me about tasks given to me'

export const currentUserSchema = z.object({
  name: z.string(),
  uuid: z.string(),
  email: z.string(),
  onboardingRequired: z.boolean().optional(),
  ...profilesSchema.shape,
  /** Email me when a coach shares a session note (students and guardians; on by default). */
  emailOnSharedNotes: z.boolean().optional(),
  /**
   * Task emails (on by default): when someone else gives me a task or a practice test, and the day
   * before a task of mine is due.
   */
  emailTaskReminders: z.boolean().optional(),
  /** Email me before each tutoring session, and educators a morning list of sessions to mark (on by default). */
  emailSessionReminders: z.boolean().optional(),
  /** How unread messages are emailed: batched (the default), a daily summary at 18:00, or off. */
  emailMessages: z.enum(MESSAGE_EMAIL_MODES).optional(),
  /** IANA time zone: reminders go out at 08:00 there, and "overdue" is judged by its calendar. */
  timeZone: z.string().optional(),
  /** An authenticator app is set up (/settings "Two-factor"). */
  twoFactorEnabled: z.boolean().optional(),
  /** Admins require two-factor of this staff member, who has not set it up: set-up comes first. */
  twoFactorRequired: z.boolean().optional(),
})
export type CurrentUser = z.infer<typeof currentUserSchema>

export { NAME_MAX }
export const BIO_MAX = 2000

export const onboardBodySchema = z.strictObject({
  name: requiredText(NAME_MAX),
  bio: z.string().trim().max(BIO_MAX).optional(),
  /** The browser's time zone, so reminders arrive in the morning where the person lives. */
  timeZone: timeZoneField.optional(),
  /** Students only: class year, school and planned test dates (docs/product.md#student-profile). */
  studentProfile: studentProfileFieldsSchema.optional(),
  /** Students only: parents to invite, each sent the record's guardian invite. */
  guardians: z
    .array(onboardingGuardianSchema)
    .max(ONBOARDING_GUARDIANS_MAX, `Invite at most ${ONBOARDING_GUARDIANS_MAX} parents here.`)
    .optional(),
})
export type OnboardBody = z.infer<typeof onboardBodySchema>

/** The educator-side form: bio required (docs/product.md#onboarding). */
export const educatorOnboardFormSchema = onboardBodySchema.extend({ bio: requiredText(BIO_MAX) })

export const onboardResultSchema = currentUserSchema

/** `PATCH /v1/users/me`: the caller's own name and (for educators) bio, for /settings. */
export const updateMeBodySchema = z
  .strictObject({
    name: requiredText(NAME_MAX).optional(),
    bio: z.string().trim().max(BIO_MAX, `Use at most ${BIO_MAX} characters.`).optional(),
    emailOnSharedNotes: booleanField.optional(),
    emailTaskReminders: booleanField.optional(),
    emailSessionReminders: booleanField.optional(),
    emailMessages: messageEmailField.optional(),
    timeZone: timeZoneField.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message:
      'Send at least one of name, bio, emailOnSharedNotes, emailTaskReminders, emailSessionReminders, emailMessages or timeZone.',
    path: ['body'],
  })
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>

export const USER_PAGE_DEFAULT = 25
export const USER_PAGE_MAX = 100

/** `GET /v1/users?q=&role=&cursor=&limit=` (with `available-for`, the original bare list instead). */
export const userListQuerySchema = z.object({
  'available-for': z.string(oneValue('available-for')).optional(),
  q: z.string(oneValue('q')).trim().max(200, 'Use at most 200 characters.').optional(),
  role: z.enum(ROLES, { error: `Use one of: ${ROLES.join(', ')}.` }).optional(),
  cursor: cursorField,
  limit: pageLimit(USER_PAGE_MAX).optional(),
})
export type UserListQuery = z.input<typeof userListQuerySchema>

/** A person in the admin's user list: the original user shape (name, uuid, profiles) plus account facts. */
export const adminUserSchema = userSummarySchema.extend({
  email: z.string(),
  onboardingRequired: z.boolean(),
  disabled: z.boolean(),
  /** Set when the user holds a student profile that is archived. */
  archived: z.boolean(),
  createdAt: z.string(),
  /** A guardian's students, by name (absent for anyone else). */
  guardianOf: z.array(z.object({ uuid: z.string(), name: z.string(), relationship: z.string() })).optional(),
})
export type AdminUser = z.infer<typeof adminUserSchema>

export const userPageSchema = z.object({
  users: z.array(adminUserSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
})
export type UserPage = z.infer<typeof userPageSchema>

/**
 * `PATCH /v1/users/{id}`: grant (true) or revoke (false) profiles, disable or re-enable the
 * account. Omitted fields stay as they are. `student: false` on a student is refused (archive
 * instead); an admin cannot revoke their own admin profile or disable themself; the last admin
 * keeps theirs.
 */
export const updateUserBodySchema = z
  .strictObject({
    admin: booleanField.optional(),
    educator: booleanField.optional(),
    fao: booleanField.optional(),
    student: booleanField.optional(),
    disabled: booleanField.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one of admin, educator, fao, student or disabled.',
    path: ['body'],
  })
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>

/**
 * Who rows outlive a person deleted for good point at (docs/product.md#deleting-a-person): the
 * documents, notes and tasks they wrote on other records and every audit event that named them.
 * The row has no login, no profiles and no email anyone could type.
 */
export const DELETED_USER_ID = '00000000-0000-4000-8000-00000000dead'
export const DELETED_USER_NAME = 'Deleted user'

/**
 * `DELETE /v1/users/{id}`: the person's email typed again (any case), so nobody is deleted by a
 * slip of the mouse.
 */
export const deleteUserBodySchema = z.strictObject({ confirmEmail: requiredText(254) })
export type DeleteUserBody = z.infer<typeof deleteUserBodySchema>

/** `PATCH /v1/users/{id}/email`: an admin changes a person's login email. */
export const changeEmailBodySchema = z.strictObject({ email: emailField })
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>
