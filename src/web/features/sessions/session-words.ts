import type { Problem } from '../../../shared/problem'
import { SESSION_STATUS_LABELS, type Session, type SessionStatus } from '../../../shared/tutoring'
import { instantWords, sessionWhen } from '../../lib/session-time'

/** A session's status in words (never colour alone); "Awaiting attendance" for one not yet marked. */
export function statusWords(session: Pick<Session, 'status' | 'awaitingAttendance'>): string {
  if (session.status === 'scheduled') return session.awaitingAttendance ? 'Awaiting attendance' : 'Scheduled'
  return STATUS_LABELS[session.status]
}

export const STATUS_LABELS = SESSION_STATUS_LABELS

/**
 * Who cancelled or marked a session, and when, in the viewer's zone: "Cancelled by Priya Raman on
 * Tue, Dec 8, 9:15 AM EST", "Marked by you on …". Null while scheduled, and where the server does
 * not know (changed before it kept this, or by an account since deleted).
 */
export function statusSetWords(
  session: Pick<Session, 'status' | 'statusSetBy' | 'statusSetAt'>,
  viewer: { uuid: string; zone: string },
): string | null {
  if (session.status === 'scheduled' || !session.statusSetBy || !session.statusSetAt) return null
  const verb = session.status === 'cancelled' || session.status === 'late-cancelled' ? 'Cancelled' : 'Marked'
  const who =
    session.statusSetBy.uuid === viewer.uuid ? 'you' : session.statusSetBy.name || 'someone no longer here'
  return `${verb} by ${who} on ${instantWords(session.statusSetAt, viewer.zone)}`
}

/**
 * The status in a week grid's block, a column about 115 px wide at 1280: words short enough not to
 * be cut ("Cancelled late (charged)" lost its "(charged)"). The block's label keeps the full words.
 */
export function gridStatusWords(session: Pick<Session, 'status' | 'awaitingAttendance'>): string {
  if (session.status === 'late-cancelled') return 'Late, charged'
  if (session.status === 'scheduled' && session.awaitingAttendance) return 'To be marked'
  return statusWords(session)
}

export const statusTone = (session: Pick<Session, 'status' | 'awaitingAttendance'>) =>
  session.awaitingAttendance
    ? 'warning'
    : session.status === 'attended'
      ? 'success'
      : session.status === 'scheduled'
        ? 'plain'
        : 'danger'

/** A duration in words: "1 hour", "45 minutes", "1.5 hours". */
export function durationWords(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`
  const hours = Math.round((minutes / 60) * 100) / 100
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`
}

/** The company's notice window, in whole hours, as the session's own deadline shows it. */
export const noticeHours = (session: Pick<Session, 'startsAt' | 'freeCancellationUntil'>) =>
  Math.round((Date.parse(session.startsAt) - Date.parse(session.freeCancellationUntil)) / 3_600_000)

/** Whether cancelling now is charged: the notice window has begun. */
export const insideNoticeWindow = (session: Pick<Session, 'freeCancellationUntil'>, now = Date.now()) =>
  now >= Date.parse(session.freeCancellationUntil)

/**
 * A 409 clash in the scheduler's words and zone: who is already booked, when, and what to do.
 * The problem's own detail (written for API callers, in UTC) when it carries no clash.
 */
export function clashWords(kind: 'student' | 'educator', problem: Problem, viewerZone: string): string {
  const clash = problem.clash
  if (!clash) return problem.detail
  const when = sessionWhen(clash, viewerZone)
  const at = `on ${when.day}, ${when.time}`
  if (kind === 'educator') {
    const other = clash.studentName ? ` with ${clash.studentName}` : ''
    return `${clash.educatorName} already has a session${other} ${at}. Choose another time or educator.`
  }
  return `${clash.studentName ?? 'The student'} already has a session with ${clash.educatorName} ${at}. Schedule anyway to keep both.`
}

const STAFF_CHOICES: Array<{ status: SessionStatus; help: string }> = [
  { status: 'attended', help: 'The time is drawn from the hours.' },
  { status: 'no-show', help: 'The student did not come: the time is charged.' },
  { status: 'cancelled', help: 'With enough notice: not charged.' },
  { status: 'late-cancelled', help: 'Inside the notice window: the time is charged.' },
  { status: 'scheduled', help: 'Not marked yet.' },
]

/** Outcomes only a session that has started can have: the server refuses them before. */
const AFTER_START: readonly SessionStatus[] = ['attended', 'no-show']

/**
 * What staff may mark a session as at `now`: "Scheduled" only to undo a mark, and attended or
 * no-show only once it has started (or when it is already so marked).
 */
export function staffStatusChoices(session: Pick<Session, 'status' | 'startsAt'>, now: number) {
  const started = Date.parse(session.startsAt) <= now
  return STAFF_CHOICES.filter(
    (choice) =>
      (choice.status !== 'scheduled' || session.status !== 'scheduled') &&
      (started || !AFTER_START.includes(choice.status) || choice.status === session.status),
  )
}
