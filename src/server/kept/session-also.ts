import type { FastifyRequest } from 'fastify'
import { SCHEDULE_MAX_DAYS } from '../modules/sessions/educator-schedule'
import { isUuid } from '../modules/students/sql'

/** The days of an educator's schedule a request asks for (`educator` null: the caller's own). */
export interface ScheduleAsked {
  educator: string | null
  from: string
  to: string
}

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

/** The route's `config.kept` as what the session query reads as well. */
export function alsoFor(request: FastifyRequest): SessionAlso | undefined {
  const kept = request.routeOptions.config?.kept
  if (kept === 'own-record') return { recordId: OWN_RECORD }
  if (kept === 'current-user') return { currentUser: true }
  if (kept === 'week') return { week: true }
  if (kept === 'schedule') {
    const schedule = scheduleAsked(request.query as Record<string, unknown>)
    return schedule && { schedule }
  }
  const id =
    kept === 'record' || kept === 'record-sessions' ? (request.params as { id?: string }).id : undefined
  if (!id || !isUuid(id)) return undefined
  return kept === 'record-sessions' ? { recordId: id, sessions: true } : { recordId: id }
}

/**
 * The schedule a request asks for, when its query is one the route answers (so that the versions'
 * statement never reads a malformed date or a range wider than the route's); else undefined, and
 * the route reads the schedule by itself (or refuses the query).
 */
function scheduleAsked(query: Record<string, unknown>): ScheduleAsked | undefined {
  const { educator, from, to } = query
  if (educator !== undefined && (typeof educator !== 'string' || !isUuid(educator))) return undefined
  if (!isPlanDate(from) || !isPlanDate(to) || to < from) return undefined
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= SCHEDULE_MAX_DAYS) return undefined
  return { educator: educator ?? null, from, to }
}

const isPlanDate = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  value >= '2000-01-01' &&
  value <= '2100-12-31' &&
  // A day past its month's end (2026-02-30) parses as a later day in V8: read back, it differs.
  new Date(Date.parse(`${value}T00:00:00Z`) || 0).toISOString().startsWith(value)
