import { type SQL, sql } from 'drizzle-orm'
import { may } from '../../../shared/record-rules'
import type { Session, SessionInput, SessionPatch, SessionStatus } from '../../../shared/tutoring'
import type { Viewer } from '../../auth/viewer'
import type { Db, Tx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { conflict, fieldError, notFound } from '../../problems'
import { recordAudit } from '../audit/audit'
import { syncSessionCharge } from '../hours/ledger'
import { type AccessOnRecord, studentAccess } from '../students/record'
import { requireRule } from '../students/record-rules'
import { isUuid } from '../students/sql'
import { lockEducators, type Placement, refuseClashes } from './clashes'
import { shiftByWallClock } from './series'
import { auditedSession, type SessionRow, sessionColumns, sessionJoins, toSession } from './sessions'

/**
 * Changing sessions (docs/product.md#sessions; scheduling is in schedule.ts), each write one transaction with its
 * audit events, its clash check under the educators' locks, and the ledger's rule for any status
 * or duration change. What the family may do: cancel a scheduled session before it starts, the
 * server choosing cancelled or late-cancelled by the company's notice window.
 */

/** A change the people concerned are told of by email, once the write committed. */
export interface SessionNotice {
  kind: 'changed' | 'cancelled'
  before: Session
  after: Session
}

export interface SessionsWritten {
  sessions: Session[]
  notices: SessionNotice[]
}

export async function loadRows(tx: Tx, where: SQL, readsInternal: boolean, lock = false) {
  return selectRows<SessionRow>(
    tx,
    sql`select ${sessionColumns(readsInternal)} from ${sessionJoins} where ${where}
    order by s.starts_at, s.id ${lock ? sql`for update of s` : sql``}`,
  )
}

/** Whether the educator of a session is an educator on the student's team, as an SQL expression. */
export const educatorOnTeamSql = (studentId: string, educatorId: string) =>
  sql`exists(select 1 from team_members tm join educator_profiles ep on ep.user_id = tm.member_id
      join users u on u.id = tm.member_id
      where tm.student_id = ${studentId} and tm.member_id = ${educatorId} and u.disabled_at is null)`

export const notOnTeam = () => fieldError('educatorUUID', "Choose an educator on the student's team.")

/** The educator of a session is an educator on the student's team. */
export async function checkEducator(tx: Tx, studentId: string, educatorId: string) {
  const [row] = await selectRows<{ ok: boolean }>(
    tx,
    sql`select ${educatorOnTeamSql(studentId, educatorId)} as ok`,
  )
  if (!row?.ok) throw notOnTeam()
}

export const locationDetail = (location: SessionInput['location']) =>
  location.kind === 'online' ? location.meetingUrl : location.place

export const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`

const CANCELLED: readonly SessionStatus[] = ['cancelled', 'late-cancelled']
/** The fields a change may carry besides its status (scope and allowStudentClash only say how). */
const FIELD_KEYS = [
  'educatorUUID',
  'service',
  'startsAt',
  'durationMinutes',
  'timeZone',
  'location',
  'agenda',
] as const

/**
 * Whether this caller may make this change: staff anything; the family only a cancellation (the
 * rule's 403 otherwise; 409 on an archived record).
 */
function checkChange(access: AccessOnRecord, patch: SessionPatch): 'staff' | 'family' {
  requireRule(access, 'sessions.read')
  if (may(access, 'sessions.schedule')) return 'staff'
  const onlyCancels =
    FIELD_KEYS.every((key) => patch[key] === undefined) &&
    patch.status !== undefined &&
    CANCELLED.includes(patch.status)
  requireRule(access, onlyCancels ? 'sessions.cancel' : 'sessions.schedule')
  return 'family'
}

/**
 * Changes a session: one, or with `scope: 'following'` inside a series this one and the later
 * scheduled occurrences (a new start moves each by the same local wall-clock change, in the
 * series' zone). The family's cancellation is cancelled before the notice window and
 * late-cancelled inside it: exactly at its boundary (the start less the notice) it is late.
 */
export async function updateSession(
  db: Db,
  viewer: Viewer,
  studentId: string,
  sessionId: string,
  patch: SessionPatch,
): Promise<SessionsWritten> {
  const access = await studentAccess(db, viewer, studentId)
  const who = checkChange(access, patch)
  if (!isUuid(sessionId)) throw notFound('No such session.')
  const readsInternal = may(access, 'notes.readInternal')
  return db.transaction(async (tx) => {
    const [pivot] = await loadRows(
      tx,
      sql`s.id = ${sessionId} and s.student_id = ${studentId}`,
      readsInternal,
      true,
    )
    if (!pivot) throw notFound('No such session.')
    const following = patch.scope === 'following' && pivot.series_id !== null
    const targets = following
      ? await loadRows(
          tx,
          sql`s.series_id = ${pivot.series_id} and s.starts_at >= ${pivot.starts_at}::timestamptz
            and (s.id = ${pivot.id} or s.status = 'scheduled')`,
          readsInternal,
          true,
        )
      : [pivot]
    if (patch.status === 'attended' || patch.status === 'no-show') {
      if (following) throw fieldError('scope', 'Mark attendance one session at a time: use scope this.')
      // Read at the start the change leaves it with: a session moved into the past may be marked.
      const started = patch.startsAt ? Date.parse(patch.startsAt) <= Date.now() : pivot.started
      if (!started) throw fieldError('status', `Mark a session ${patch.status} once it has started.`)
    }
    if (who === 'family') {
      if (pivot.status !== 'scheduled') {
        throw conflict('session-not-scheduled', 'Only a scheduled session can be cancelled.')
      }
      if (pivot.started) {
        throw conflict('session-started', 'This session has started: ask the team to change it.')
      }
    }
    if (patch.educatorUUID !== undefined) await checkEducator(tx, studentId, patch.educatorUUID)

    const zone = patch.timeZone ?? pivot.time_zone
    const planned = targets.map((row) => {
      let startsAt = new Date(row.starts_at)
      if (patch.startsAt !== undefined) {
        startsAt =
          row.id === pivot.id
            ? new Date(patch.startsAt)
            : shiftByWallClock(startsAt, row.time_zone, {
                from: new Date(pivot.starts_at),
                fromZone: pivot.time_zone,
                to: new Date(patch.startsAt),
                toZone: zone,
              })
      }
      const duration = patch.durationMinutes ?? row.duration_minutes
      let status = patch.status ?? row.status
      if (who === 'family') {
        // Exactly at the boundary is inside the window: late.
        status = Date.now() < Date.parse(row.free_cancellation_until) ? 'cancelled' : 'late-cancelled'
      }
      return {
        row,
        startsAt,
        endsAt: new Date(startsAt.getTime() + duration * 60_000),
        duration,
        status,
        educatorId: patch.educatorUUID ?? row.educator_id,
        timeZone: patch.timeZone !== undefined && (following || row.id === pivot.id) ? zone : row.time_zone,
      }
    })

    // Whatever ends up scheduled at a new time, with a new educator, or scheduled again is checked.
    const placed = planned.filter(
      (plan) =>
        plan.status === 'scheduled' &&
        (plan.row.status !== 'scheduled' ||
          plan.startsAt.getTime() !== Date.parse(plan.row.starts_at) ||
          plan.duration !== plan.row.duration_minutes ||
          plan.educatorId !== plan.row.educator_id),
    )
    if (placed.length > 0) {
      const educators = [...new Set(placed.map((plan) => plan.educatorId))]
      await lockEducators(tx, educators)
      for (const educatorId of educators) {
        const placements: Placement[] = placed.filter((plan) => plan.educatorId === educatorId)
        await refuseClashes(tx, {
          educatorId,
          studentId,
          placements,
          excludedIds: targets.map((row) => row.id),
          allowStudentClash: patch.allowStudentClash ?? false,
          viewerId: viewer.id,
        })
      }
    }

    const notices: SessionNotice[] = []
    const changedIds: string[] = []
    for (const plan of planned) {
      const { row } = plan
      const sets: SQL[] = []
      if (plan.startsAt.getTime() !== Date.parse(row.starts_at))
        sets.push(sql`starts_at = ${plan.startsAt.toISOString()}::timestamptz`)
      if (plan.duration !== row.duration_minutes) sets.push(sql`duration_minutes = ${plan.duration}`)
      if (sets.length > 0)
        sets.push(
          sql`ends_at = ${plan.startsAt.toISOString()}::timestamptz + ${plan.duration} * interval '1 minute'`,
        )
      if (plan.status !== row.status)
        sets.push(
          plan.status === 'scheduled'
            ? sql`status = 'scheduled', status_set_by_id = null, status_set_at = null`
            : sql`status = ${plan.status}, status_set_by_id = ${viewer.id}, status_set_at = now()`,
        )
      if (plan.educatorId !== row.educator_id) sets.push(sql`educator_id = ${plan.educatorId}`)
      if (plan.timeZone !== row.time_zone) sets.push(sql`time_zone = ${plan.timeZone}`)
      if (patch.service !== undefined && patch.service !== row.service)
        sets.push(sql`service = ${patch.service}`)
      if (patch.location !== undefined) {
        const detail = locationDetail(patch.location)
        if (patch.location.kind !== row.location_kind || detail !== row.location_detail)
          sets.push(sql`location_kind = ${patch.location.kind}, location_detail = ${detail}`)
      }
      if (patch.agenda !== undefined && (patch.agenda || null) !== row.agenda)
        sets.push(sql`agenda = ${patch.agenda || null}`)
      if (sets.length === 0) continue
      await tx.execute(
        sql`update tutoring_sessions set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${row.id}`,
      )
      // Anything the charge depends on: the status, the minutes, the service and the day (a
      // package's expiry) move the one ledger entry with them.
      if (
        plan.status !== row.status ||
        plan.duration !== row.duration_minutes ||
        (patch.service !== undefined && patch.service !== row.service) ||
        plan.startsAt.getTime() !== Date.parse(row.starts_at) ||
        plan.timeZone !== row.time_zone
      )
        await syncSessionCharge(tx, row.id, viewer.id)
      changedIds.push(row.id)
    }
    if (following && patch.timeZone !== undefined) {
      await tx.execute(sql`update session_series set time_zone = ${zone} where id = ${pivot.series_id}`)
    }
    const after = changedIds.length
      ? await loadRows(tx, sql`s.id = any(${uuidArray(changedIds)}::uuid[])`, readsInternal)
      : []
    const byId = new Map(after.map((row) => [row.id, row]))
    for (const before of targets) {
      const now = byId.get(before.id)
      if (!now) continue
      await recordAudit(tx, {
        actorId: viewer.id,
        action: now.status !== before.status ? 'session.status-changed' : 'session.updated',
        subjectType: 'session',
        subjectId: now.id,
        studentId,
        before: auditedSession(before),
        after: auditedSession(now),
      })
      const cancelled = before.status === 'scheduled' && CANCELLED.includes(now.status)
      // What the people concerned act on: when, how long, with whom, what and where. An agenda's
      // edit or the zone it is kept in is not worth an email.
      const changed =
        before.status === 'scheduled' &&
        now.status === 'scheduled' &&
        (now.starts_at !== before.starts_at ||
          now.duration_minutes !== before.duration_minutes ||
          now.educator_id !== before.educator_id ||
          now.service !== before.service ||
          now.location_kind !== before.location_kind ||
          now.location_detail !== before.location_detail)
      if (cancelled || changed) {
        notices.push({
          kind: cancelled ? 'cancelled' : 'changed',
          before: toSession(before),
          after: toSession(now),
        })
      }
    }
    const sessions = targets.map((row) => toSession(byId.get(row.id) ?? row))
    return { sessions, notices }
  })
}
