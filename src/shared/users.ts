import { z } from 'zod'
import { actScoreSchema, satScoreSchema } from './scores'
import { timeZoneField } from './time-zones'
import { requiredText } from './validation'

export const studentProfileSchema = z.object({
  satScoresHistorical: z.array(satScoreSchema).default([]),
  actScoresHistorical: z.array(actScoreSchema).default([]),
})
export const educatorProfileSchema = z.object({ bio: z.string() })
export const emptyProfileSchema = z.object({})

/** Profiles as they appear on any user the API returns (spec section 3, DESIGN.md section 4). */
export const profilesSchema = z.object({
  profileStudent: studentProfileSchema.nullish(),
  profileEducator: educatorProfileSchema.nullish(),
  profileAdmin: emptyProfileSchema.nullish(),
  profileFao: emptyProfileSchema.nullish(),
  /** A parent or legal guardian of one or more students (the links are on each student). */
  profileGuardian: emptyProfileSchema.nullish(),
})

export const currentUserSchema = z.object({
  name: z.string(),
  uuid: z.string(),
  email: z.string(),
  onboardingRequired: z.boolean().optional(),
  ...profilesSchema.shape,
  /** Email me when a coach shares a session note (students and guardians; on by default). */
  emailOnSharedNotes: z.boolean().optional(),
  /** Email me the day before a task of mine is due (on by default). */
  emailTaskReminders: z.boolean().optional(),
  /** IANA time zone: reminders go out at 08:00 there, and "overdue" is judged by its calendar. */
  timeZone: z.string().optional(),
})
export type CurrentUser = z.infer<typeof currentUserSchema>

export const NAME_MAX = 100
export const BIO_MAX = 2000

export const onboardBodySchema = z.strictObject({
  name: requiredText(NAME_MAX),
  bio: z.string().trim().max(BIO_MAX).optional(),
  /** The browser's time zone, so reminders arrive in the morning where the person lives. */
  timeZone: timeZoneField.optional(),
})
export type OnboardBody = z.infer<typeof onboardBodySchema>

/** The educator-side form: bio required (DESIGN.md section 4 "Onboarding"). */
export const educatorOnboardFormSchema = onboardBodySchema.extend({ bio: requiredText(BIO_MAX) })

export const onboardResultSchema = currentUserSchema
