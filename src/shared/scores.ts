import { z } from 'zod'
import { todayAtOffset } from './dates'
import { orRequired, planDateField } from './validation'

/** Rules of docs/product.md#scores. */
export const SAT_FIRST_DATE = '2005-03-01'
export const ACT_FIRST_DATE = '1990-01-01'
/** Where a score comes from: only official sittings count toward superscores. */
export const SCORE_SOURCES = ['official', 'practice', 'diagnostic'] as const
export type ScoreSource = (typeof SCORE_SOURCES)[number]
export const SCORE_NOTE_MAX = 200

/** From this date the ACT composite leaves science out (the enhanced ACT). */
export const ENHANCED_ACT_DATE = '2025-09-01'
/** The earliest time zone on Earth: a test taken this morning anywhere is not "in the future". */
const EARLIEST_OFFSET_HOURS = 14

export function latestScoreDate(now: Date = new Date()): string {
  return todayAtOffset(EARLIEST_OFFSET_HOURS, now)
}

const scoreDate = (firstDate: string) =>
  z.iso
    // abort: a missing or malformed date gets one message, not also the date-window ones.
    .date({ error: orRequired('Use a date as YYYY-MM-DD.'), abort: true })
    .refine((date) => date >= firstDate, `Use a date on or after ${firstDate}.`)
    .refine((date) => date <= latestScoreDate(), 'The date cannot be in the future.')

const satSection = z
  .number({ error: orRequired('Enter a number.') })
  .int('Use a whole number.')
  .min(200, 'Use a score from 200 to 800.')
  .max(800, 'Use a score from 200 to 800.')
  .multipleOf(10, 'SAT section scores go in steps of 10.')

const actSection = z
  .number({ error: orRequired('Enter a number.') })
  .int('Use a whole number.')
  .min(1, 'Use a score from 1 to 36.')
  .max(36, 'Use a score from 1 to 36.')

const sourceField = z.enum(SCORE_SOURCES, { error: orRequired('Use official, practice or diagnostic.') })
const noteField = z
  .string({ error: 'Use text.' })
  .trim()
  .max(SCORE_NOTE_MAX, `Use at most ${SCORE_NOTE_MAX} characters.`)
  .nullish()
/** Sent back by a client that read the entry: accepted and ignored. */
const readOnlyEntryFields = {
  cumulative: z.unknown().optional(),
  uuid: z.unknown().optional(),
  addedBy: z.unknown().optional(),
}

/** Request bodies: `source` defaults to official, so the original bodies still work. */
export const satScoreInputSchema = z.strictObject({
  date: scoreDate(SAT_FIRST_DATE),
  english: satSection,
  math: satSection,
  source: sourceField.optional(),
  note: noteField,
  ...readOnlyEntryFields,
})
const actScoreFields = z.strictObject({
  date: scoreDate(ACT_FIRST_DATE),
  english: actSection,
  math: actSection,
  reading: actSection,
  // The enhanced ACT (from ENHANCED_ACT_DATE) leaves science out of the composite: optional there.
  science: actSection.nullish(),
  source: sourceField.optional(),
  note: noteField,
  ...readOnlyEntryFields,
})

/** True when an ACT entry of this date must carry a science score (tests before the enhanced ACT). */
export const actScienceRequired = (date: string) => date < ENHANCED_ACT_DATE
export const ACT_SCIENCE_REQUIRED_MESSAGE = `Science is required for tests before ${ENHANCED_ACT_DATE}.`

export const actScoreInputSchema = actScoreFields.superRefine((entry, context) => {
  if (typeof entry.date === 'string' && actScienceRequired(entry.date) && entry.science == null) {
    context.addIssue({ code: 'custom', path: ['science'], message: ACT_SCIENCE_REQUIRED_MESSAGE })
  }
})

const atLeastOne = (keys: readonly string[]) => ({
  message: `Send at least one of ${keys.join(', ')}.`,
  path: ['body'],
})
const SAT_PATCH_KEYS = ['date', 'english', 'math', 'source', 'note'] as const
const ACT_PATCH_KEYS = ['date', 'english', 'math', 'reading', 'science', 'source', 'note'] as const

/** `PATCH …/sat-scores/{entryId}`: any of the fields; the entry as changed must still be valid. */
export const satScorePatchSchema = satScoreInputSchema
  .partial()
  .refine((body) => SAT_PATCH_KEYS.some((key) => body[key] !== undefined), atLeastOne(SAT_PATCH_KEYS))
export const actScorePatchSchema = actScoreFields
  .partial()
  .refine((body) => ACT_PATCH_KEYS.some((key) => body[key] !== undefined), atLeastOne(ACT_PATCH_KEYS))
export type SatScorePatch = z.infer<typeof satScorePatchSchema>
export type ActScorePatch = z.infer<typeof actScorePatchSchema>

const targetDate = planDateField.nullish()

/** `PUT /v1/students/{id}/targets`: the scores to coach toward; null clears one, absent keeps it. */
export const targetsInputSchema = z.strictObject({
  sat: z
    .number({ error: orRequired('Enter a number.') })
    .int('Use a whole number.')
    .min(400, 'Use an SAT total from 400 to 1600.')
    .max(1600, 'Use an SAT total from 400 to 1600.')
    .multipleOf(10, 'SAT totals go in steps of 10.')
    .nullish(),
  act: z
    .number({ error: orRequired('Enter a number.') })
    .int('Use a whole number.')
    .min(1, 'Use an ACT composite from 1 to 36.')
    .max(36, 'Use an ACT composite from 1 to 36.')
    .nullish(),
  /** The test date the SAT target is meant for ("1450 by the Mar 14 SAT"); null clears it. */
  satDate: targetDate,
  actDate: targetDate,
})
export type TargetsInput = z.infer<typeof targetsInputSchema>
/** `satDate` and `actDate` are present only when set (the record read's shape holds without them). */
export const targetsSchema = z.object({
  sat: z.number().nullable(),
  act: z.number().nullable(),
  satDate: z.string().optional(),
  actDate: z.string().optional(),
})
export type Targets = z.infer<typeof targetsSchema>

/**
 * What an entry carries besides the original fields (a response may add fields): its id, where it
 * comes from, a short note, and who added it (null for entries from before it was recorded).
 */
const entryDetails = {
  uuid: z.string().optional(),
  source: z.enum(SCORE_SOURCES).optional(),
  note: z.string().nullable().optional(),
  addedBy: z.object({ name: z.string(), uuid: z.string() }).nullable().optional(),
}

export const satScoreSchema = z.object({
  date: z.string(),
  english: z.number(),
  math: z.number(),
  cumulative: z.number(),
  ...entryDetails,
})
export const actScoreSchema = z.object({
  date: z.string(),
  english: z.number(),
  math: z.number(),
  reading: z.number(),
  /** Null for an enhanced-ACT entry recorded without science. */
  science: z.number().nullable(),
  cumulative: z.number(),
  ...entryDetails,
})
export type SatScore = z.infer<typeof satScoreSchema>
export type ActScore = z.infer<typeof actScoreSchema>
export type SatSections = Omit<SatScore, 'cumulative' | 'date'>
export type ActSections = Omit<ActScore, 'cumulative' | 'date'>

export function satCumulative(score: SatSections): number {
  return score.english + score.math
}

/** Mean of n sections rounded half up, in integers: floor((2 * sum + n) / (2 * n)). */
function roundedMean(sections: number[]): number {
  const n = sections.length
  const sum = sections.reduce((total, section) => total + section, 0)
  return Math.floor((2 * sum + n) / (2 * n))
}

export function actComposite(score: ActSections, date: string): number {
  const { english, math, reading, science } = score
  // Before the enhanced ACT every entry carries science (the input rule above); 0 never counts.
  return date >= ENHANCED_ACT_DATE
    ? roundedMean([english, math, reading])
    : roundedMean([english, math, reading, science ?? 0])
}

export function withSatCumulative<T extends SatSections>(score: T): T & { cumulative: number } {
  return { ...score, cumulative: satCumulative(score) }
}

export function withActComposite<T extends ActSections & { date: string }>(
  score: T,
): T & { cumulative: number } {
  return { ...score, cumulative: actComposite(score, score.date) }
}

export const satSuperscoreSchema = satScoreSchema.omit({ date: true })
export const actSuperscoreSchema = actScoreSchema.omit({ date: true })
export const superscoresSchema = z.object({
  sat: satSuperscoreSchema.nullable(),
  act: actSuperscoreSchema.nullable(),
})
export type Superscores = z.infer<typeof superscoresSchema>

const best = <T>(entries: T[], pick: (entry: T) => number) => Math.max(...entries.map(pick))
const bestOrNull = (values: number[]) => (values.length === 0 ? null : Math.max(...values))

/**
 * SAT: best english + best math. ACT: the best of each section under the newest test's
 * composite rule (docs/product.md#scores). Official entries only unless said otherwise. Null
 * when there is no entry.
 */
export function superscores(
  satEntries: Array<SatSections & { date: string; source?: ScoreSource | undefined }>,
  actEntries: Array<ActSections & { date: string; source?: ScoreSource | undefined }>,
  { officialOnly = true }: { officialOnly?: boolean } = {},
): Superscores {
  // Only official sittings count, as colleges count them; `superscoresAll` takes every entry.
  const counts = (entry: { source?: ScoreSource | undefined }) =>
    !officialOnly || (entry.source ?? 'official') === 'official'
  const sat = satEntries.filter(counts)
  const act = actEntries.filter(counts)
  const satBest =
    sat.length === 0
      ? null
      : withSatCumulative({ english: best(sat, (s) => s.english), math: best(sat, (s) => s.math) })
  let actBest: Superscores['act'] = null
  if (act.length > 0) {
    const newest = act
      .map((entry) => entry.date)
      .sort()
      .at(-1)!
    const sections = {
      english: best(act, (s) => s.english),
      math: best(act, (s) => s.math),
      reading: best(act, (s) => s.reading),
      science: bestOrNull(act.flatMap((s) => (s.science == null ? [] : [s.science]))),
    }
    actBest = { ...sections, cumulative: actComposite(sections, newest) }
  }
  return { sat: satBest, act: actBest }
}

/** The newest entry of a list kept oldest first, or null. */
export function latestEntry<T>(entries: readonly T[]): T | null {
  return entries.length === 0 ? null : entries[entries.length - 1]!
}

/**
 * The newest official entry of a list kept oldest first, or null: wherever the product says
 * "latest" it means official (an entry without a source is official, as before sources existed).
 */
export function latestOfficialEntry<T extends { source?: ScoreSource | undefined }>(
  entries: readonly T[],
): T | null {
  return latestEntry(entries.filter((entry) => (entry.source ?? 'official') === 'official'))
}

/** One end of a progress comparison: the entry's day, total and source. */
export interface ProgressPoint {
  date: string
  total: number
  source: ScoreSource
}
export interface ScoreProgress {
  from: ProgressPoint
  to: ProgressPoint
  /** `to.total - from.total`: negative when the newest test is lower. */
  gain: number
}

/**
 * Progress on one test (docs/product.md#progress): from the first diagnostic or practice entry
 * (the first entry when there is none) to the newest entry after it. Entries come oldest first,
 * as the record lists them. Null when there is nothing after the starting point. The admin
 * overview's median gain applies the same rule in SQL (modules/admin/screens.ts).
 */
export function scoreProgress(
  entries: ReadonlyArray<{ date: string; cumulative: number; source?: ScoreSource | undefined }>,
): ScoreProgress | null {
  const sourceOf = (index: number) => entries[index]!.source ?? 'official'
  const practiceStart = entries.findIndex((_, index) => sourceOf(index) !== 'official')
  const start = practiceStart === -1 ? 0 : practiceStart
  const end = entries.length - 1
  if (end <= start) return null
  const point = (index: number): ProgressPoint => ({
    date: entries[index]!.date,
    total: entries[index]!.cumulative,
    source: sourceOf(index),
  })
  const from = point(start)
  const to = point(end)
  return { from, to, gain: to.total - from.total }
}
