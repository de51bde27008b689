import { SESSION_STATUS_LABELS, type Session } from '../../../shared/tutoring'

/** A session's status in words (never colour alone); "Awaiting attendance" for one not yet marked. */
export function statusWords(session: Pick<Session, 'status' | 'awaitingAttendance'>): string {
  if (session.status === 'scheduled') return session.awaitingAttendance ? 'Awaiting attendance' : 'Scheduled'
  return STATUS_LABELS[session.status]
}

export const STATUS_LABELS = SESSION_STATUS_LABELS

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
