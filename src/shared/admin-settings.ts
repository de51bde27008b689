import { z } from 'zod'
import { booleanField, orRequired } from './validation'

const wholeHours = (min: number, max: number) =>
  z
    .number({ error: orRequired('Use a number of hours.') })
    .int('Use whole hours.')
    .min(min, `Use ${min} to ${max} hours.`)
    .max(max, `Use ${min} to ${max} hours.`)

/** `GET/PUT /v1/admin/settings`: product-wide settings only admins change. */
export const appSettingsSchema = z.strictObject({
  /** Admins, educators and FAOs must set up two-factor before they can read anything. */
  requireStaffTwoFactor: booleanField,
  /** Students may set (and clear) their own score targets; off, only staff do. */
  studentsSetTargets: booleanField,
  /** Students may edit or delete college entries someone else added; off, only their own. */
  studentsEditOthersColleges: booleanField,
  /** A family's cancellation this many hours before the start, or closer, is late and charged. */
  cancellationNoticeHours: wholeHours(0, 168),
  /** How many hours before a session its reminder goes out. */
  sessionReminderHours: wholeHours(1, 168),
  /** Under this many hours left, guardians and admins are told once. */
  lowBalanceHours: z
    .number({ error: orRequired('Use a number of hours.') })
    .min(0, 'Use 0 to 100 hours.')
    .max(100, 'Use 0 to 100 hours.')
    .refine((hours) => Number.isInteger(hours * 4), 'Use steps of a quarter hour (0.25).'),
})
export type AppSettings = z.infer<typeof appSettingsSchema>

/** `PUT /v1/admin/settings`: the settings to change; an absent one keeps its value. */
export const appSettingsInputSchema = appSettingsSchema
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message:
      'Send at least one of requireStaffTwoFactor, studentsSetTargets, studentsEditOthersColleges, cancellationNoticeHours, sessionReminderHours or lowBalanceHours.',
    path: ['body'],
  })
export type AppSettingsInput = z.infer<typeof appSettingsInputSchema>

/** What students may change on their own record, as the company set it: for the web to hide controls. */
export const studentRulesSchema = appSettingsSchema.pick({
  studentsSetTargets: true,
  studentsEditOthersColleges: true,
})
export type StudentRules = z.infer<typeof studentRulesSchema>

/** The product's behaviour before these settings existed: students may do both. */
export const STUDENT_RULES_DEFAULT: StudentRules = {
  studentsSetTargets: true,
  studentsEditOthersColleges: true,
}

/** The audit log keeps the settings as they were: rows from before a setting existed lack it. */
export const auditedSettingsSchema = appSettingsSchema.partial()
