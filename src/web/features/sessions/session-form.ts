import { z } from 'zod'
import {
  SERIES_MAX_OCCURRENCES,
  SERVICES,
  SESSION_AGENDA_MAX,
  SESSION_DURATION_MAX,
  SESSION_DURATION_MIN,
  SESSION_DURATION_STEP,
  SESSION_PLACE_MAX,
  type Service,
  type Session,
  type SessionInput,
  type SessionPatch,
} from '../../../shared/tutoring'
import { zonedInstant, zonedParts } from '../../lib/session-zones'

/**
 * The schedule form (a new session or series, or a reschedule): what the person types, checked
 * here with the words the server uses, then turned into the API's body. Times are typed in the
 * viewer's zone; the session keeps that zone as its own.
 */
export interface SessionFormValues {
  studentUUID: string
  educatorUUID: string
  service: Service
  date: string
  time: string
  durationMinutes: string
  locationKind: 'online' | 'in-person'
  meetingUrl: string
  place: string
  agenda: string
  repeat: boolean
  everyWeeks: string
  ends: 'until' | 'count'
  until: string
  count: string
  scope: 'this' | 'following'
}

export const SESSION_FIELDS = [
  'studentUUID',
  'educatorUUID',
  'service',
  'date',
  'time',
  'durationMinutes',
  'meetingUrl',
  'place',
  'agenda',
  'everyWeeks',
  'until',
  'count',
] as const

/** The server's field paths, as this form's fields. */
export const SERVER_FIELD_PATHS: Record<string, (typeof SESSION_FIELDS)[number]> = {
  educatorUUID: 'educatorUUID',
  service: 'service',
  startsAt: 'time',
  durationMinutes: 'durationMinutes',
  'location.meetingUrl': 'meetingUrl',
  'location.place': 'place',
  agenda: 'agenda',
  'repeat.everyWeeks': 'everyWeeks',
  'repeat.until': 'until',
  'repeat.count': 'count',
}

const isHttps = (value: string) => {
  try {
    return new URL(value.trim()).protocol === 'https:'
  } catch {
    return false
  }
}

export const sessionFormSchema = z
  .object({
    studentUUID: z.string().min(1, 'Choose a student.'),
    educatorUUID: z.string().min(1, 'Choose an educator.'),
    service: z.enum(SERVICES),
    date: z.string().min(1, 'Choose a date.'),
    time: z.string().min(1, 'Choose a start time.'),
    durationMinutes: z.string(),
    locationKind: z.enum(['online', 'in-person']),
    meetingUrl: z.string(),
    place: z.string(),
    agenda: z.string().max(SESSION_AGENDA_MAX, `Use at most ${SESSION_AGENDA_MAX} characters.`),
    repeat: z.boolean(),
    everyWeeks: z.string(),
    ends: z.enum(['until', 'count']),
    until: z.string(),
    count: z.string(),
    scope: z.enum(['this', 'following']),
  })
  .superRefine((values, context) => {
    const issue = (path: keyof SessionFormValues, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message })
    const minutes = Number(values.durationMinutes)
    if (
      !Number.isInteger(minutes) ||
      minutes < SESSION_DURATION_MIN ||
      minutes > SESSION_DURATION_MAX ||
      minutes % SESSION_DURATION_STEP !== 0
    ) {
      issue(
        'durationMinutes',
        `Use ${SESSION_DURATION_MIN} to ${SESSION_DURATION_MAX} minutes, in steps of ${SESSION_DURATION_STEP}.`,
      )
    }
    if (values.locationKind === 'online' && !isHttps(values.meetingUrl)) {
      issue('meetingUrl', 'Use an https:// link.')
    }
    if (values.locationKind === 'in-person') {
      if (!values.place.trim()) issue('place', 'Say where the session takes place.')
      else if (values.place.trim().length > SESSION_PLACE_MAX) {
        issue('place', `Use at most ${SESSION_PLACE_MAX} characters.`)
      }
    }
    if (!values.repeat) return
    if (values.ends === 'until' && !values.until) issue('until', 'Choose the last date.')
    if (values.ends === 'until' && values.until && values.until < values.date) {
      issue('until', 'Use a date on or after the first session.')
    }
    const count = Number(values.count)
    if (
      values.ends === 'count' &&
      (!Number.isInteger(count) || count < 1 || count > SERIES_MAX_OCCURRENCES)
    ) {
      issue('count', `Use a whole number from 1 to ${SERIES_MAX_OCCURRENCES}.`)
    }
  })

export function sessionFormDefaults(
  viewerZone: string,
  start: { date: string; time: string } | null,
  session: Session | null,
  preset: { studentUUID: string; educatorUUID: string },
): SessionFormValues {
  const at = session ? zonedParts(session.startsAt, viewerZone) : start
  return {
    studentUUID: session?.studentUUID ?? preset.studentUUID,
    educatorUUID: session?.educator.uuid ?? preset.educatorUUID,
    service: session?.service ?? 'tutoring',
    date: at?.date ?? '',
    time: at?.time ?? '16:00',
    durationMinutes: String(session?.durationMinutes ?? 60),
    locationKind: session?.location.kind ?? 'online',
    meetingUrl: session?.location.kind === 'online' ? session.location.meetingUrl : '',
    place: session?.location.kind === 'in-person' ? session.location.place : '',
    agenda: session?.agenda ?? '',
    repeat: false,
    everyWeeks: '1',
    ends: 'count',
    until: '',
    count: '10',
    scope: 'this',
  }
}

const locationOf = (values: SessionFormValues) =>
  values.locationKind === 'online'
    ? { kind: 'online' as const, meetingUrl: values.meetingUrl.trim() }
    : { kind: 'in-person' as const, place: values.place.trim() }

/** A new session (or series) in the viewer's zone. */
export function toSessionInput(
  values: SessionFormValues,
  viewerZone: string,
  allowStudentClash: boolean,
): SessionInput {
  return {
    educatorUUID: values.educatorUUID,
    service: values.service,
    startsAt: zonedInstant(values.date, values.time, viewerZone),
    durationMinutes: Number(values.durationMinutes),
    timeZone: viewerZone,
    location: locationOf(values),
    agenda: values.agenda.trim() || null,
    ...(values.repeat
      ? {
          repeat: {
            everyWeeks: Number(values.everyWeeks),
            ...(values.ends === 'until' ? { until: values.until } : { count: Number(values.count) }),
          },
        }
      : {}),
    ...(allowStudentClash ? { allowStudentClash: true } : {}),
  }
}

/** A reschedule: only what changed, so a series' other occurrences keep their own details. */
export function toSessionPatch(
  values: SessionFormValues,
  session: Session,
  viewerZone: string,
  allowStudentClash: boolean,
): SessionPatch {
  const startsAt = zonedInstant(values.date, values.time, viewerZone)
  const location = locationOf(values)
  const patch: Record<string, unknown> = {}
  if (Date.parse(startsAt) !== Date.parse(session.startsAt)) {
    patch.startsAt = startsAt
    patch.timeZone = viewerZone
  }
  if (Number(values.durationMinutes) !== session.durationMinutes) {
    patch.durationMinutes = Number(values.durationMinutes)
  }
  if (values.educatorUUID !== session.educator.uuid) patch.educatorUUID = values.educatorUUID
  if (values.service !== session.service) patch.service = values.service
  if (JSON.stringify(location) !== JSON.stringify(session.location)) patch.location = location
  if ((values.agenda.trim() || null) !== session.agenda) patch.agenda = values.agenda.trim() || null
  if (session.seriesUUID) patch.scope = values.scope
  if (allowStudentClash) patch.allowStudentClash = true
  return patch as SessionPatch
}

/**
 * The meeting link's help. A session handed to another educator keeps its link, which is usually
 * the first educator's own room: while the form still holds that link, the help says whose it is,
 * in the second person to whichever of the two educators is reading it.
 */
export function meetingLinkHelp(
  values: Pick<SessionFormValues, 'educatorUUID' | 'meetingUrl'>,
  session: Session | null,
  educators: ReadonlyArray<{ uuid: string; name: string }>,
  viewerUuid: string,
): string {
  const kept =
    session?.location.kind === 'online' &&
    values.educatorUUID !== session.educator.uuid &&
    values.meetingUrl.trim() === session.location.meetingUrl
  if (!session || !kept) return 'An https:// link the student and the educator open.'
  const before = session.educator.uuid === viewerUuid ? 'you' : session.educator.name || 'the last educator'
  const next = educators.find((educator) => educator.uuid === values.educatorUUID)?.name || 'the new educator'
  const own = values.educatorUUID === viewerUuid ? 'you have your own room' : `${next} has their own room`
  return `This is the link ${before} used. If ${own}, put its link here.`
}

/** Hours a new session (or each of a series) would take: what the balance warning counts. */
export function plannedHours(values: SessionFormValues): number {
  const minutes = Number(values.durationMinutes) || 0
  if (!values.repeat) return minutes / 60
  if (values.ends === 'count') return ((Number(values.count) || 1) * minutes) / 60
  if (!values.until || !values.date) return minutes / 60
  const days = (Date.parse(values.until) - Date.parse(values.date)) / 86_400_000
  const every = 7 * (Number(values.everyWeeks) || 1)
  return ((Math.floor(days / every) + 1) * minutes) / 60
}
