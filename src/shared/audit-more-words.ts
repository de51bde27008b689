import type { AuditChange } from './audit'
import { formatTimestamp } from './dates'
import { knowsZone } from './zone-clock'

type Payload<A extends AuditChange['action']> = Partial<
  NonNullable<Extract<AuditChange, { action: A }>['after']>
>

const hours = (value: number) => `${value} ${value === 1 ? 'hour' : 'hours'}`

/** "required two-factor for staff", "left targets to staff": one change of the admin settings. */
export function settingsChange(actor: string, after: Payload<'settings.changed'>): string {
  if (after.requireStaffTwoFactor !== undefined)
    return `${actor} ${after.requireStaffTwoFactor ? 'required two-factor for staff' : 'made two-factor optional for staff'}`
  if (after.studentsSetTargets !== undefined)
    return `${actor} ${after.studentsSetTargets ? 'let students set their own targets' : 'left targets to staff'}`
  if (after.studentsEditOthersColleges !== undefined)
    return `${actor} ${after.studentsEditOthersColleges ? 'let students edit colleges others added' : 'kept students to the colleges they added'}`
  if (after.cancellationNoticeHours !== undefined)
    return `${actor} set the cancellation notice to ${hours(after.cancellationNoticeHours)}`
  if (after.sessionReminderHours !== undefined)
    return `${actor} set session reminders to ${hours(after.sessionReminderHours)} ahead`
  if (after.lowBalanceHours !== undefined)
    return `${actor} set the low-balance warning to under ${hours(after.lowBalanceHours)}`
  return `${actor} changed the settings`
}

/** ": class of 2027, Lincoln High" — what the student profile now says, where it changed. */
export function profileChange(before: Payload<'profile.changed'>, after: Payload<'profile.changed'>): string {
  const parts: string[] = []
  if (before.classYear !== after.classYear)
    parts.push(after.classYear ? `class of ${after.classYear}` : 'no class year')
  if (before.school !== after.school) parts.push(after.school ?? 'no school')
  const dates = after.testDates
  if (dates && JSON.stringify(before.testDates) !== JSON.stringify(dates))
    parts.push(`${dates.length} planned test ${dates.length === 1 ? 'date' : 'dates'}`)
  return parts.length > 0 ? `: ${parts.join(', ')}` : ''
}

type SessionSide = Payload<'session.created'>

/** "of Mar 9, 2026": the session's day where it takes place, or nothing when the payload lacks it. */
function sessionDay(side: SessionSide): string {
  if (typeof side.startsAt !== 'string' || Number.isNaN(Date.parse(side.startsAt))) return ''
  let timeZone = 'UTC'
  try {
    if (side.timeZone && knowsZone(side.timeZone)) timeZone = side.timeZone
    else if (side.timeZone)
      timeZone = new Intl.DateTimeFormat('en-US', { timeZone: side.timeZone }).resolvedOptions().timeZone
  } catch {
    // An unknown zone reads the day in UTC rather than breaking the line.
  }
  return ` of ${formatTimestamp(side.startsAt, timeZone)}`
}

const STATUS_WORDS: Record<string, (session: string) => string> = {
  attended: (session) => `marked ${session} attended`,
  'no-show': (session) => `marked ${session} a no-show`,
  cancelled: (session) => `cancelled ${session}`,
  'late-cancelled': (session) => `cancelled ${session} late (charged)`,
  scheduled: (session) => `put ${session} back on the schedule`,
}

/**
 * "scheduled Rosa Student's session of Mar 9, 2026", "cancelled the session of … late (charged)",
 * "rescheduled … to Mar 10, 2026": one tutoring session's event; `whose` as the other lines use it.
 */
export function sessionLine(
  actor: string,
  action: 'session.created' | 'session.updated' | 'session.status-changed',
  before: SessionSide,
  after: SessionSide,
  whose: string,
): string {
  const session = `${whose === "a student's" ? 'a' : whose} session${sessionDay(action === 'session.created' ? after : before)}`
  if (action === 'session.created') return `${actor} scheduled ${session}`
  const status = after.status
  if (action === 'session.status-changed' && status && before.status !== status && STATUS_WORDS[status]) {
    return `${actor} ${STATUS_WORDS[status](session)}`
  }
  if (before.startsAt && after.startsAt && before.startsAt !== after.startsAt) {
    return `${actor} rescheduled ${session}${sessionDay(after).replace(' of', ' to')}`
  }
  return `${actor} changed ${session}`
}

const hoursOf = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`

/** "the hour package “Fall tutoring” (20 hours)". */
export function packageWords(after: Payload<'package.created'>): string {
  const name = typeof after.name === 'string' && after.name !== '' ? ` “${after.name}”` : ''
  const hours = typeof after.hours === 'number' ? ` (${hoursOf(after.hours)})` : ''
  return `the hour package${name}${hours}`
}

/** "Avery Admin added 2 hours to Rosa Student's hours: Make-up for a missed session". */
export function hoursAdjusted(actor: string, after: Payload<'hours.adjusted'>, whose: string): string {
  const reason = typeof after.reason === 'string' && after.reason !== '' ? `: ${after.reason}` : ''
  if (typeof after.hours !== 'number') return `${actor} adjusted ${whose} hours${reason}`
  const added = after.hours > 0
  return `${actor} ${added ? 'added' : 'removed'} ${hoursOf(Math.abs(after.hours))} ${added ? 'to' : 'from'} ${whose} hours${reason}`
}
