// The parts of audit sentences that read one change, whichever record it is on (audit-sentence.ts).
import { formatPlainDate } from './dates'
import { ROLE_LABELS, ROLES, type Role } from './roles'
import type { ScoreSource } from './scores'
import type { TaskStatus } from './tasks'

/** A string field, or null when it is missing, empty or not a string. */
export const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

export function emailChange(from: string | undefined, to: string | undefined): string {
  const old = text(from)
  const now = text(to)
  if (old && now) return ` from ${old} to ${now}`
  return now ? ` to ${now}` : ''
}

/** The roles in their usual order. */
const inOrder = (roles: readonly Role[]) => ROLES.filter((role) => roles.includes(role))

/** ": Admin added, Educator removed", or nothing when the lists are missing. */
export function roleChanges(beforeRoles: Role[] | undefined, afterRoles: Role[] | undefined): string {
  if (!beforeRoles || !afterRoles) return ''
  const from = inOrder(beforeRoles)
  const to = inOrder(afterRoles)
  const changes = [
    ...to.filter((role) => !from.includes(role)).map((role) => `${ROLE_LABELS[role]} added`),
    ...from.filter((role) => !to.includes(role)).map((role) => `${ROLE_LABELS[role]} removed`),
  ]
  return changes.length > 0 ? `: ${changes.join(', ')}` : ''
}

type AidFigures = { costOfAttendance?: number | null; aidOffered?: number | null }

/**
 * ": cost of attendance $80,000 to $84,500, aid offered none to $42,000" when an edit changed the
 * aid figures, so a line never hides that the money changed.
 */
export function aidChanges(before: AidFigures, after: AidFigures): string {
  const amount = (value: number | null | undefined) =>
    typeof value === 'number' ? `$${value.toLocaleString('en-US')}` : 'none'
  const fields = [
    ['costOfAttendance', 'cost of attendance'],
    ['aidOffered', 'aid offered'],
  ] as const
  const changes = fields
    .filter(([key]) => key in before && key in after && before[key] !== after[key])
    .map(([key, words]) => `${words} ${amount(before[key])} to ${amount(after[key])}`)
  return changes.length > 0 ? `: ${changes.join(', ')}` : ''
}

type Flags = { hidden?: boolean; pinned?: boolean }

/** ", now hidden" / ", now pinned" / ", no longer hidden" when an edit changed a flag. */
export function flagChanges(before: Flags, after: Flags): string {
  const changes = (['hidden', 'pinned'] as const)
    .filter((flag) => before[flag] !== undefined && after[flag] !== undefined && before[flag] !== after[flag])
    .map((flag) => (after[flag] ? `now ${flag}` : `no longer ${flag}`))
  return changes.length > 0 ? `, ${changes.join(' and ')}` : ''
}

type Status = { status?: TaskStatus }

/** "marked … done", "reopened …" or "edited …", from the task's status before and after. */
export function taskChange(actor: string, before: Status, after: Status, task: string): string {
  if (before.status === 'open' && after.status === 'done') return `${actor} marked ${task} done`
  if (before.status === 'done' && after.status === 'open') return `${actor} reopened ${task}`
  return `${actor} edited ${task}`
}

type ScoreSide = { test?: 'SAT' | 'ACT'; date?: string; source?: ScoreSource }

/** "an SAT score of Mar 8, 2025 (practice)" */
export function scoreDetails(primary: ScoreSide, secondary: ScoreSide): string {
  const test = primary.test ?? secondary.test
  const date = text(primary.date) ?? text(secondary.date)
  const source = primary.source
  const day = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? ` of ${formatPlainDate(date)}` : ''
  const kind = source && source !== 'official' ? ` (${source})` : ''
  const which = test === 'SAT' ? 'an SAT score' : test === 'ACT' ? 'an ACT score' : 'a score'
  return `${which}${day}${kind}`
}

/** ": SAT 1450, ACT none" */
export function targetWords(after: { sat?: number | null; act?: number | null }): string {
  const word = (value: number | null | undefined) => (typeof value === 'number' ? String(value) : 'none')
  if (!('sat' in after) && !('act' in after)) return ''
  return `: SAT ${word(after.sat)}, ACT ${word(after.act)}`
}
