import { z } from 'zod'
import { booleanField } from './validation'

/** `GET/PUT /v1/admin/settings`: product-wide settings only admins change. */
export const appSettingsSchema = z.strictObject({
  /** Admins, educators and FAOs must set up two-factor before they can read anything. */
  requireStaffTwoFactor: booleanField,
})
export type AppSettings = z.infer<typeof appSettingsSchema>
