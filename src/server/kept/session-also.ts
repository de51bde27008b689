import type { FastifyRequest } from 'fastify'
import { CASELOAD_MAX_DAYS } from '../modules/practice/skills'
import { SCHEDULE_MAX_DAYS } from '../modules/sessions/educator-schedule'
import { isUuid } from '../modules/students/sql'

/** The days of an educator's schedule a request asks for (`educator` null: the caller's own). */
export interface ScheduleAsked {
  educator: string | null
  from: string
  to: string
}

/** The days of an educator's caseload skills a request asks for (`educator` null: the caller). */
export type CaseloadAsked = ScheduleAsked

/** `recordId` for the caller's own record (`own-record`). */
export const OWN_RECORD = 'self'

/**
 * What the session query reads as well: a record (by id, or the caller's own; with `sessions`,
 * its sessions' versions too), the current user, or the week's versions.
 */
export type SessionAlso =
  | { recordId: string; sessions?: true }
  | { currentUser: true }
  | { week: true }
  | { schedule: ScheduleAsked }
  | { caseload: CaseloadAsked }

/** The route's `config.kept` as what the session query reads as well. */
export function alsoFor(request: FastifyRequest): SessionAlso | undefined {
  const kept = request.routeOptions.config?.kept
  if (kept === 'own-record') return { recordId: OWN_RECORD }
  if (kept === 'current-user') return { currentUser: true }
  if (kept === 'week') return { week: true }
  if (kept === 'schedule') {
    const schedule = daysAsked(request.query as Record<string, unknown>, SCHEDULE_MAX_DAYS)
    return schedule && { schedule }
  }
  if (kept === 'caseload') {
    // `educator=all` (every student's) is read by the module: no versions follow it.
    const caseload = daysAsked(request.query as Record<string, unknown>, CASELOAD_MAX_DAYS)
    return caseload && { caseload }
  }
  const id =
    kept === 'record' || kept === 'record-sessions' ? (request.params as { id?: string }).id : undefined
  if (!id || !isUuid(id)) return undefined
  return kept === 'record-sessions' ? { recordId: id, sessions: true } : { recordId: id }
}

/**
 * The educator and days a schedule or caseload request asks for, when its query is one the route
 * answers (so that the versions' statement never reads a malformed date or a range wider than the
 * route's); else undefined, and the route reads by itself (or refuses the query).
 */
function daysAsked(query: Record<string, unknown>, maxDays: number): ScheduleAsked | undefined {
  const { educator, from, to } = query
  if (educator !== undefined && (typeof educator !== 'string' || !isUuid(educator))) return undefined
  if (!isPlanDate(from) || !isPlanDate(to) || to < from) return undefined
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= maxDays) return undefined
  return { educator: educator ?? null, from, to }
}

const isPlanDate = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  value >= '2000-01-01' &&
  value <= '2100-12-31' &&
  // A day past its month's end (2026-02-30) parses as a later day in V8: read back, it differs.
  new Date(Date.parse(`${value}T00:00:00Z`) || 0).toISOString().startsWith(value)
