import { z } from 'zod'
import { actScoreSchema, satScoreSchema } from './scores'
import { requiredText } from './validation'

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
})

export const currentUserSchema = z.object({
  name: z.string(),
  uuid: z.string(),
  email: z.string(),
  onboardingRequired: z.boolean().optional(),
  ...profilesSchema.shape,
})
export type CurrentUser = z.infer<typeof currentUserSchema>

export const NAME_MAX = 100
export const BIO_MAX = 2000

export const onboardBodySchema = z.strictObject({
  name: requiredText(NAME_MAX),
  bio: z.string().trim().max(BIO_MAX).optional(),
})
export type OnboardBody = z.infer<typeof onboardBodySchema>

/** The educator-side form: bio required (docs/product.md#onboarding). */
export const educatorOnboardFormSchema = onboardBodySchema.extend({ bio: requiredText(BIO_MAX) })

export const onboardResultSchema = currentUserSchema
