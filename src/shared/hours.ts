import { z } from 'zod'
import { SERVICES, SESSION_STATUSES } from './tutoring'
import { orRequired, planDateField, requiredText, uuidField } from './validation'

/**
 * Hour packages and the hours ledger (docs/product.md#hour-packages). Hours travel as numbers of
 * hours; the server keeps whole minutes.
 */
const personRef = z.object({ name: z.string(), uuid: z.string() })

export const PACKAGE_SERVICES = [...SERVICES, 'any'] as const
export const PACKAGE_HOURS_MIN = 0.5
export const PACKAGE_HOURS_MAX = 500
export const HOURS_STEP = 0.25

/** Hours travel as numbers of hours (0.25 steps for packages); the server keeps whole minutes. */
export const minutesToHours = (minutes: number) => Math.round((minutes / 60) * 100) / 100

export const hourPackageSchema = z.object({
  uuid: z.string(),
  studentUUID: z.string(),
  name: z.string(),
  service: z.enum(PACKAGE_SERVICES),
  hours: z.number(),
  hoursLeft: z.number(),
  pricePaidCents: z.number().nullable(),
  purchasedOn: z.string(),
  expiresOn: z.string().nullable(),
  createdBy: personRef,
  createdAt: z.string(),
})
export type HourPackage = z.infer<typeof hourPackageSchema>
export const hourPackageListSchema = z.object({ packages: z.array(hourPackageSchema) })

const quarterHours = (min: number, max: number) =>
  z
    .number({ error: orRequired('Use a number of hours.') })
    .min(min, `Use at least ${min} hours.`)
    .max(max, `Use at most ${max} hours.`)
    .refine((hours) => Number.isInteger(hours / HOURS_STEP), 'Use steps of a quarter hour (0.25).')

/** `POST /v1/students/{id}/packages` (admins). */
export const hourPackageInputSchema = z
  .strictObject({
    name: requiredText(200),
    service: z.enum(PACKAGE_SERVICES, { error: orRequired('Use tutoring, essays, admissions or any.') }),
    hours: quarterHours(PACKAGE_HOURS_MIN, PACKAGE_HOURS_MAX),
    pricePaidCents: z
      .number({ error: orRequired('Use a whole number of cents.') })
      .int('Use a whole number of cents.')
      .min(0, 'Use 0 or more.')
      .max(100_000_000, 'Use at most 100000000.')
      .nullish(),
    purchasedOn: planDateField,
    expiresOn: planDateField.nullish(),
  })
  .refine((input) => !input.expiresOn || input.expiresOn >= input.purchasedOn, {
    message: 'Use an expiry date on or after the purchase date.',
    path: ['expiresOn'],
  })
export type HourPackageInput = z.infer<typeof hourPackageInputSchema>

export const LEDGER_KINDS = ['purchase', 'session', 'adjustment'] as const

export const ledgerEntrySchema = z.object({
  uuid: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed: a purchase adds, a charged session takes away. */
  hours: z.number(),
  /** The balance after this entry, in ledger order. */
  balanceAfter: z.number(),
  package: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  session: z
    .object({
      uuid: z.string(),
      startsAt: z.string(),
      status: z.enum(SESSION_STATUSES),
      durationMinutes: z.number(),
    })
    .nullable(),
  reason: z.string().nullable(),
  createdBy: personRef,
  createdAt: z.string(),
})
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>

/** `GET /v1/students/{id}/hours`: the balance is the sum of the entries, always. */
export const hoursSchema = z.object({
  balance: z.number(),
  /** Under this many hours left, the family and admins are told (admin setting). */
  lowBalanceHours: z.number(),
  /** Hours of the student's scheduled sessions still ahead: scheduling past the balance warns. */
  scheduledAhead: z.number(),
  packages: z.array(hourPackageSchema),
  entries: z.array(ledgerEntrySchema),
})
export type Hours = z.infer<typeof hoursSchema>

/** `POST /v1/students/{id}/hours/adjustments` (admins): adds (positive) or removes hours, with a reason. */
export const hourAdjustmentInputSchema = z.strictObject({
  hours: quarterHours(-PACKAGE_HOURS_MAX, PACKAGE_HOURS_MAX).refine(
    (hours) => hours !== 0,
    'Use a number other than 0.',
  ),
  reason: requiredText(500),
  packageUUID: uuidField.optional(),
})
export type HourAdjustmentInput = z.infer<typeof hourAdjustmentInputSchema>
