import { z } from 'zod'
import { planDateField } from './tasks'
import { orRequired, requiredText } from './validation'

/** A student's college list: where they apply, by which round, and (for the FAO) what it costs. */
export const COLLEGE_ROUNDS = ['ED', 'ED2', 'EA', 'REA', 'RD', 'Rolling'] as const
export const COLLEGE_STATUSES = [
  'researching',
  'applying',
  'submitted',
  'admitted',
  'waitlisted',
  'deferred',
  'denied',
  'withdrawn',
  'enrolled',
] as const
export type CollegeRound = (typeof COLLEGE_ROUNDS)[number]
export type CollegeStatus = (typeof COLLEGE_STATUSES)[number]
export const COLLEGE_NAME_MAX = 120
export const COLLEGE_NOTES_MAX = 2000
export const DOLLARS_MAX = 1_000_000
// Written out rather than formatted: this module is loaded with the web app, and a first
// `toLocaleString` there sets up the browser's number formatting before the page can start.
const DOLLARS_MAX_TEXT = '1,000,000'

export const ROUND_LABELS: Record<CollegeRound, string> = {
  ED: 'Early Decision',
  ED2: 'Early Decision II',
  EA: 'Early Action',
  REA: 'Restrictive Early Action',
  RD: 'Regular Decision',
  Rolling: 'Rolling',
}

/** How a college-list status reads on screen and in the readable export. */
export const STATUS_LABELS: Record<CollegeStatus, string> = {
  researching: 'Researching',
  applying: 'Applying',
  submitted: 'Submitted',
  admitted: 'Admitted',
  waitlisted: 'Waitlisted',
  deferred: 'Deferred',
  denied: 'Denied',
  withdrawn: 'Withdrawn',
  enrolled: 'Enrolled',
}

export const collegeEntrySchema = z.object({
  uuid: z.string(),
  studentUUID: z.string(),
  name: z.string(),
  round: z.enum(COLLEGE_ROUNDS),
  deadline: z.string().nullable(),
  status: z.enum(COLLEGE_STATUSES),
  notes: z.string().nullable(),
  costOfAttendance: z.number().nullable(),
  aidOffered: z.number().nullable(),
  /** Cost of attendance less aid offered; null unless both are known. */
  netCost: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who added it; null when not known (added before it was kept, or that person was deleted). */
  createdByUUID: z.string().nullable().optional(),
})
export type CollegeEntry = z.infer<typeof collegeEntrySchema>

const dollars = (field: string) =>
  z
    .number({ error: orRequired(`Enter ${field} in whole US dollars.`) })
    .int('Use whole US dollars.')
    .min(0, `Use 0 to ${DOLLARS_MAX_TEXT} dollars.`)
    .max(DOLLARS_MAX, `Use 0 to ${DOLLARS_MAX_TEXT} dollars.`)
    .nullish()

/** The fields an FAO on the team edits; everyone else who edits the list changes the others. */
export const FINANCIAL_FIELDS = ['costOfAttendance', 'aidOffered'] as const
export const PLAN_FIELDS = ['name', 'round', 'deadline', 'status', 'notes'] as const

const collegeFields = {
  name: requiredText(COLLEGE_NAME_MAX),
  round: z.enum(COLLEGE_ROUNDS, { error: orRequired(`Use one of: ${COLLEGE_ROUNDS.join(', ')}.`) }),
  deadline: planDateField.nullish(),
  status: z.enum(COLLEGE_STATUSES, { error: orRequired(`Use one of: ${COLLEGE_STATUSES.join(', ')}.`) }),
  notes: z.string().trim().max(COLLEGE_NOTES_MAX).nullish(),
  costOfAttendance: dollars('the cost of attendance'),
  aidOffered: dollars('the aid offered'),
}
const readOnlyCollegeFields = {
  uuid: z.unknown().optional(),
  studentUUID: z.unknown().optional(),
  netCost: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
}

/** `POST`: a new entry (status defaults to researching). */
export const collegeInputSchema = z.strictObject({
  ...collegeFields,
  status: collegeFields.status.optional(),
  ...readOnlyCollegeFields,
})
export type CollegeInput = z.infer<typeof collegeInputSchema>

/** `PATCH`: any of the fields; omitted ones stay as they are. */
export const collegePatchSchema = z
  .strictObject({
    name: collegeFields.name.optional(),
    round: collegeFields.round.optional(),
    deadline: collegeFields.deadline,
    status: collegeFields.status.optional(),
    notes: collegeFields.notes,
    costOfAttendance: collegeFields.costOfAttendance,
    aidOffered: collegeFields.aidOffered,
    ...readOnlyCollegeFields,
  })
  .refine((body) => [...PLAN_FIELDS, ...FINANCIAL_FIELDS].some((key) => key in body), {
    message: 'Send at least one field to change.',
    path: ['body'],
  })
export type CollegePatch = z.infer<typeof collegePatchSchema>

export const collegeListSchema = z.object({ colleges: z.array(collegeEntrySchema) })

export const netCost = (entry: { costOfAttendance: number | null; aidOffered: number | null }) =>
  entry.costOfAttendance === null || entry.aidOffered === null
    ? null
    : entry.costOfAttendance - entry.aidOffered
