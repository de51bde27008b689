import { z } from 'zod'
import { cursorField, pageLimit } from './paging'
import { timeZoneField } from './time-zones'
import { booleanField, orRequired, planDateField, requiredText, uuidField } from './validation'

/**
 * Tutoring sessions and the hours families buy (docs/product.md#sessions and #hour-packages).
 * Instants travel as ISO 8601 strings in UTC; each session keeps the IANA zone it was scheduled in.
 */
export const SERVICES = ['tutoring', 'essays', 'admissions'] as const
export type Service = (typeof SERVICES)[number]
export const SERVICE_LABELS: Record<Service, string> = {
  tutoring: 'Tutoring',
  essays: 'Essays',
  admissions: 'Admissions',
}

export const SESSION_STATUSES = ['scheduled', 'attended', 'cancelled', 'late-cancelled', 'no-show'] as const
export type SessionStatus = (typeof SESSION_STATUSES)[number]
/** The statuses that draw the session's time from the family's hours. */
export const CHARGED_STATUSES: readonly SessionStatus[] = ['attended', 'late-cancelled', 'no-show']
export const isCharged = (status: SessionStatus) => CHARGED_STATUSES.includes(status)
export const SESSION_STATUS_LABELS: Record<SessionStatus, string> = {
  scheduled: 'Scheduled',
  attended: 'Attended',
  cancelled: 'Cancelled',
  'late-cancelled': 'Cancelled late (charged)',
  'no-show': 'No-show (charged)',
}

export const SESSION_DURATION_MIN = 15
export const SESSION_DURATION_MAX = 480
export const SESSION_DURATION_STEP = 5
export const SESSION_AGENDA_MAX = 2000
export const SESSION_PLACE_MAX = 200
export const SERIES_MAX_OCCURRENCES = 52

const personRef = z.object({ name: z.string(), uuid: z.string() })

export const sessionLocationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('online'), meetingUrl: z.string() }),
  z.object({ kind: z.literal('in-person'), place: z.string() }),
])
export type SessionLocation = z.infer<typeof sessionLocationSchema>

export const sessionSchema = z.object({
  uuid: z.string(),
  studentUUID: z.string(),
  studentName: z.string(),
  educator: personRef,
  service: z.enum(SERVICES),
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number(),
  timeZone: z.string(),
  location: sessionLocationSchema,
  agenda: z.string().nullable(),
  status: z.enum(SESSION_STATUSES),
  /**
   * Who cancelled or marked it, and when: null while scheduled, and where it was changed before
   * this was kept (or by an account since deleted).
   */
  statusSetBy: personRef.nullable(),
  statusSetAt: z.string().nullable(),
  /** Scheduled and its end has passed: the educator or an admin has yet to mark it. */
  awaitingAttendance: z.boolean(),
  /** Until this instant the family may cancel without charge; after it a cancellation is charged. */
  freeCancellationUntil: z.string(),
  seriesUUID: z.string().nullable(),
  /** The session note written for it, when there is one the viewer may read. */
  noteUUID: z.string().nullable(),
  createdBy: personRef,
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Session = z.infer<typeof sessionSchema>

export const sessionListSchema = z.object({
  sessions: z.array(sessionSchema),
  /**
   * Without `from` and `to`: pass back as `cursor` for the past sessions before these (older ones
   * that are no longer scheduled); null when there are none, and always with `from` or `to`.
   */
  nextCursor: z.string().nullable(),
})
export type SessionList = z.infer<typeof sessionListSchema>

/**
 * The record's first page of sessions (no `cursor`, `from` or `to`): every one awaiting attendance,
 * the soonest upcoming ones (later ones: `from`) and the newest past ones (older ones: `cursor`).
 */
export const SESSION_FIRST_UPCOMING = 10
export const SESSION_FIRST_PAST = 10
export const SESSION_PAGE_MAX = 100
/** Older sessions a page holds ("Show earlier sessions" asks for the next). */
export const SESSION_PAGE_SIZE = 50

/**
 * `GET /v1/students/{id}/sessions?from&to` (dates in the viewer's zone; both optional), or without
 * them the first page and `cursor` (with `limit`) for the past sessions before it.
 */
export const sessionListQuerySchema = z.object({
  from: planDateField.optional(),
  to: planDateField.optional(),
  cursor: cursorField,
  limit: pageLimit(SESSION_PAGE_MAX).optional(),
})

const durationField = z
  .number({ error: orRequired('Use a number of minutes.') })
  .int('Use whole minutes.')
  .min(SESSION_DURATION_MIN, `Use at least ${SESSION_DURATION_MIN} minutes.`)
  .max(SESSION_DURATION_MAX, `Use at most ${SESSION_DURATION_MAX} minutes.`)
  .refine(
    (minutes) => minutes % SESSION_DURATION_STEP === 0,
    `Use steps of ${SESSION_DURATION_STEP} minutes.`,
  )

/** An instant with its offset or Z, e.g. 2026-03-09T16:00:00-04:00. */
export const instantField = z.iso.datetime({
  offset: true,
  error: orRequired('Use a date and time with its offset, e.g. 2026-03-09T16:00:00-04:00.'),
})

const httpsUrl = z
  .string({ error: orRequired('Use an https:// link.') })
  .trim()
  .max(2000, 'Use at most 2000 characters.')
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:'
    } catch {
      return false
    }
  }, 'Use an https:// link.')

export const sessionLocationInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('online'), meetingUrl: httpsUrl }),
    z.strictObject({ kind: z.literal('in-person'), place: requiredText(SESSION_PLACE_MAX) }),
  ],
  { error: orRequired('Use online with a meetingUrl, or in-person with a place.') },
)

export const repeatSchema = z
  .strictObject({
    everyWeeks: z
      .number({ error: orRequired('Use 1, 2, 3 or 4.') })
      .int('Use 1, 2, 3 or 4.')
      .min(1, 'Use 1, 2, 3 or 4.')
      .max(4, 'Use 1, 2, 3 or 4.'),
    until: planDateField.optional(),
    count: z
      .number({ error: orRequired('Use a whole number from 1 to 52.') })
      .int('Use a whole number from 1 to 52.')
      .min(1, 'Use a whole number from 1 to 52.')
      .max(SERIES_MAX_OCCURRENCES, 'Use a whole number from 1 to 52.')
      .optional(),
  })
  .refine((repeat) => (repeat.until === undefined) !== (repeat.count === undefined), {
    message: 'Send either until or count.',
    path: ['until'],
  })

/** `POST /v1/students/{id}/sessions`. `timeZone` defaults to the scheduler's own. */
export const sessionInputSchema = z.strictObject({
  educatorUUID: uuidField,
  service: z.enum(SERVICES, { error: orRequired('Use tutoring, essays or admissions.') }),
  startsAt: instantField,
  durationMinutes: durationField,
  timeZone: timeZoneField.optional(),
  location: sessionLocationInputSchema,
  agenda: z
    .string()
    .trim()
    .max(SESSION_AGENDA_MAX, `Use at most ${SESSION_AGENDA_MAX} characters.`)
    .nullish(),
  repeat: repeatSchema.optional(),
  allowStudentClash: booleanField.optional(),
})
export type SessionInput = z.infer<typeof sessionInputSchema>

/** `POST` answers with the sessions it made: one, or each occurrence of the series. */
export const sessionsCreatedSchema = z.object({ sessions: z.array(sessionSchema) })

/**
 * `PATCH /v1/students/{id}/sessions/{sessionId}`: any of the fields. Inside a series, `scope`
 * says whether the change is for this occurrence only (the default) or this and all following.
 */
export const sessionPatchSchema = z
  .strictObject({
    educatorUUID: uuidField.optional(),
    service: z.enum(SERVICES, { error: orRequired('Use tutoring, essays or admissions.') }).optional(),
    startsAt: instantField.optional(),
    durationMinutes: durationField.optional(),
    timeZone: timeZoneField.optional(),
    location: sessionLocationInputSchema.optional(),
    agenda: z
      .string()
      .trim()
      .max(SESSION_AGENDA_MAX, `Use at most ${SESSION_AGENDA_MAX} characters.`)
      .nullish(),
    status: z
      .enum(SESSION_STATUSES, {
        error: orRequired('Use scheduled, attended, cancelled, late-cancelled or no-show.'),
      })
      .optional(),
    scope: z.enum(['this', 'following'], { error: orRequired('Use this or following.') }).optional(),
    allowStudentClash: booleanField.optional(),
  })
  .refine(
    (body) =>
      [
        'educatorUUID',
        'service',
        'startsAt',
        'durationMinutes',
        'timeZone',
        'location',
        'agenda',
        'status',
      ].some((key) => key in body),
    {
      message:
        'Send at least one of educatorUUID, service, startsAt, durationMinutes, timeZone, location, agenda or status.',
      path: ['body'],
    },
  )
export type SessionPatch = z.infer<typeof sessionPatchSchema>

/** `PATCH` answers with every session it changed (one, or this and the following). */
export const sessionsChangedSchema = z.object({ sessions: z.array(sessionSchema) })

/**
 * What a 409 `educator-clash` or `student-clash` carries besides its detail (the problem's `clash`
 * member): the session in the way, and which requested start met it (a series' first clash).
 */
export const sessionClashSchema = z.object({
  uuid: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  educatorName: z.string(),
  /** The other session's student: null when the caller may not read that record. */
  studentName: z.string().nullable(),
  requestedStartsAt: z.string(),
})
export type SessionClash = z.infer<typeof sessionClashSchema>

/** `GET /v1/schedule?educator&from&to`: an educator's sessions across students. */
export const scheduleQuerySchema = z.object({
  educator: uuidField.optional(),
  from: planDateField,
  to: planDateField,
})
export const scheduleSchema = z.object({
  educator: personRef,
  timeZone: z.string(),
  sessions: z.array(sessionSchema),
})
export type Schedule = z.infer<typeof scheduleSchema>
