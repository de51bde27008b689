import { z } from 'zod'
import { booleanField, emailField, orRequired, requiredText } from './validation'

/** What a visitor can ask about on the contact form; `value` is stored, `label` is shown. */
export const CONTACT_SERVICES = [
  { value: 'tutoring', label: 'SAT or ACT tutoring' },
  { value: 'essays', label: 'Essay coaching' },
  { value: 'admissions', label: 'Admissions coaching' },
  { value: 'not-sure', label: 'Not sure yet' },
] as const
export type ContactService = (typeof CONTACT_SERVICES)[number]['value']
const serviceValues = CONTACT_SERVICES.map((s) => s.value) as [ContactService, ...ContactService[]]

export const serviceLabel = (value: string): string =>
  CONTACT_SERVICES.find((s) => s.value === value)?.label ?? value

export const CONTACT_LIMITS = { name: 120, phone: 40, message: 5000 } as const

/**
 * The bots' field: hidden from people (off-screen, not focusable, no autofill), so a value here
 * means a script filled in every input it found. The server drops such a request quietly.
 */
export const HONEYPOT_FIELD = 'website'

/** POST /api/v1/contact, and the contact form's rules (docs/product.md#form-messages). */
export const contactBodySchema = z.strictObject({
  name: requiredText(CONTACT_LIMITS.name),
  email: emailField,
  phone: z
    .string('Expected text.')
    .trim()
    .max(CONTACT_LIMITS.phone, `Use at most ${CONTACT_LIMITS.phone} characters.`)
    .regex(/^[0-9+().\-\s]*$/, 'Use digits, spaces and + ( ) - only.')
    .refine(
      (phone) => phone === '' || phone.replace(/\D/g, '').length >= 7,
      'This phone number looks too short.',
    )
    .optional()
    .nullable()
    .transform((phone) => (phone ? phone : undefined)),
  service: z.enum(serviceValues, { error: orRequired('Choose one of the options.') }),
  message: requiredText(CONTACT_LIMITS.message),
  [HONEYPOT_FIELD]: z.string().max(2000).optional(),
})
export type ContactBody = z.infer<typeof contactBodySchema>
export type ContactInput = z.input<typeof contactBodySchema>

/** The same answer whether a request was kept or dropped as spam, so bots learn nothing. */
export const contactReceivedSchema = z.object({ status: z.literal('received') })

export const inquirySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  service: z.string(),
  message: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: z.object({ id: z.string(), name: z.string() }).nullable(),
})
export type Inquiry = z.infer<typeof inquirySchema>

export const inquiryListSchema = z.object({ inquiries: z.array(inquirySchema) })

export const updateInquiryBodySchema = z.strictObject({
  handled: booleanField,
})
