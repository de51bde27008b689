import type { AuditChange } from './audit'

type Payload<A extends AuditChange['action']> = Partial<
  NonNullable<Extract<AuditChange, { action: A }>['after']>
>

/** "required two-factor for staff", "left targets to staff": one change of the admin settings. */
export function settingsChange(actor: string, after: Payload<'settings.changed'>): string {
  if (after.requireStaffTwoFactor !== undefined)
    return `${actor} ${after.requireStaffTwoFactor ? 'required two-factor for staff' : 'made two-factor optional for staff'}`
  if (after.studentsSetTargets !== undefined)
    return `${actor} ${after.studentsSetTargets ? 'let students set their own targets' : 'left targets to staff'}`
  if (after.studentsEditOthersColleges !== undefined)
    return `${actor} ${after.studentsEditOthersColleges ? 'let students edit colleges others added' : 'kept students to the colleges they added'}`
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
