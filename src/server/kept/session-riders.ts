import { type SQL, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import {
  type SessionFound,
  type SessionReader,
  type SessionRow,
  sessionFoundIn,
  sessionSeen,
  sessionStatement,
} from '../auth/session'
import type { Db } from '../db/client'
import { viewerIsGuardianSql } from '../modules/students/record'
import { type CurrentUserRow, currentUserSettingsSql } from '../modules/users/current-user'
import { alsoFor, type CaseloadAsked, OWN_RECORD, type ScheduleAsked, type SessionAlso } from './session-also'
import {
  caseloadVersionsSql,
  recordVersionsSql,
  scheduleVersionsSql,
  sessionsVersionsSql,
  studentVersionSql,
  teamVersionsSql,
  weekVersionsSql,
} from './versions'
import { keptUntilWrite } from './write-epoch'

/**
 * What a route asks the session query to read as well, in the same round trip (`config.kept`):
 * - `record`: what a kept student record (the route's `id`) needs to be served: the viewer's place
 *   on its team or family, and its versions;
 * - `record-sessions`: the same, and the versions of the record's first page of sessions
 *   (`sessionsVersionsSql`);
 * - `own-record`: the same for the caller's own record, and the versions of the students whose
 *   team they are on (My Dashboard);
 * - `current-user`: the rest of `GET /api/v1/users/me`'s answer;
 * - `week`: the versions of everything the caller's week reads (`weekVersionsSql`);
 * - `schedule`: the versions of the educator's schedule the query asks for (`scheduleVersionsSql`);
 * - `caseload`: the versions of the caseload whose skills the query asks for (`caseloadVersionsSql`).
 */
export type KeptRead =
  | 'record'
  | 'record-sessions'
  | 'own-record'
  | 'current-user'
  | 'week'
  | 'schedule'
  | 'caseload'

/** A student record's access facts and versions, read with the session. */
export interface RecordCheck {
  studentId: string
  exists: boolean
  archived: boolean
  viewerOnTeam: boolean
  viewerIsGuardian: boolean
  versions: string
  /** With `own-record`: the versions of the caller's team students. */
  teamVersions?: string
  /** With `record-sessions`: the versions of the record's first page of sessions. */
  sessionsVersions?: string
}

/** The session's row for `GET /api/v1/users/me`: everything but a student's scores. */
export type CurrentUserSessionRow = Omit<CurrentUserRow, 'sat' | 'act'> & { own_record_version: string }

interface RecordRow {
  record_exists: boolean
  record_archived: boolean
  record_on_team: boolean
  record_is_guardian: boolean
  record_versions: string
  team_versions: string
  sessions_versions: string
  week_versions: string
  schedule_versions: string
  caseload_versions: string
}

/** What the session query also answered for a route (`riderOf`). */
export interface Rider {
  record?: RecordCheck
  currentUser?: CurrentUserSessionRow
  /** With `week`: the versions of the caller's week. */
  weekVersions?: string
  /** With `schedule`: the schedule asked for, and its versions. */
  schedule?: ScheduleAsked & { versions: string }
  /** With `caseload`: the caseload and days asked for, and the caseload's versions. */
  caseload?: CaseloadAsked & { versions: string }
}

/** The version of a user's own student record, which every score change bumps. */
export const ownRecordVersionSql = sql`${studentVersionSql(sql`u.id`)}::text`

const recordCheckSql = (studentId: SQL) => sql`
      exists(select 1 from student_profiles where user_id = ${studentId}) as record_exists,
      exists(select 1 from student_profiles where user_id = ${studentId} and archived_at is not null) as record_archived,
      exists(select 1 from team_members where student_id = ${studentId} and member_id = u.id) as record_on_team,
      ${viewerIsGuardianSql(studentId, sql`u.id`)} as record_is_guardian,
      ${recordVersionsSql(studentId)} as record_versions`

type SessionQueryRow = SessionRow & Partial<RecordRow> & Partial<CurrentUserSessionRow>

/** The session query's variants, each a named statement built once. */
const sessionQueries = {
  viewer: { name: 'session-viewer', run: sessionStatement<SessionQueryRow>('session-viewer') },
  record: {
    name: 'session-viewer-record',
    run: sessionStatement<SessionQueryRow>(
      'session-viewer-record',
      recordCheckSql(sql`${sql.placeholder('recordId')}::uuid`),
    ),
  },
  recordSessions: {
    name: 'session-viewer-record-sessions',
    run: sessionStatement<SessionQueryRow>(
      'session-viewer-record-sessions',
      sql`${recordCheckSql(sql`${sql.placeholder('recordId')}::uuid`)},
      ${sessionsVersionsSql(sql`${sql.placeholder('recordId')}::uuid`)} as sessions_versions`,
    ),
  },
  ownRecord: {
    name: 'session-viewer-own-record',
    run: sessionStatement<SessionQueryRow>(
      'session-viewer-own-record',
      sql`${recordCheckSql(sql`u.id`)}, ${teamVersionsSql(sql`u.id`)} as team_versions`,
    ),
  },
  week: {
    name: 'session-viewer-week',
    run: sessionStatement<SessionQueryRow>(
      'session-viewer-week',
      sql`${weekVersionsSql(sql`u.id`)} as week_versions`,
    ),
  },
  schedule: {
    name: 'session-viewer-schedule',
    run: sessionStatement<SessionQueryRow>(
      'session-viewer-schedule',
      sql`${scheduleVersionsSql({
        viewerId: sql`u.id`,
        educatorId: sql`coalesce(${sql.placeholder('educatorId')}::uuid, u.id)`,
        from: sql`${sql.placeholder('from')}::date`,
        to: sql`${sql.placeholder('to')}::date`,
      })} as schedule_versions`,
    ),
  },
  caseload: {
    name: 'session-viewer-caseload',
    run: sessionStatement<SessionQueryRow>(
      'session-viewer-caseload',
      sql`${caseloadVersionsSql(sql`u.id`, sql`coalesce(${sql.placeholder('educatorId')}::uuid, u.id)`)} as caseload_versions`,
    ),
  },
  currentUser: {
    name: 'session-current-user',
    run: sessionStatement<SessionQueryRow>(
      'session-current-user',
      sql`${currentUserSettingsSql}, ${ownRecordVersionSql} as own_record_version`,
    ),
  },
}

/**
 * The session query's answers on the embedded database, kept while they stay true. That database
 * is this process's alone, so an answer read at a write epoch (write-epoch.ts) holds until the
 * next write of any kind, or until the clock alone would change it (`stable_until`: the moment it
 * would need a refresh or a "last seen", or would end). Disabling an account, signing out or
 * changing a record is a write, so each still takes effect on the very next request. Answers that
 * ask for a write are never kept. PostgreSQL is shared by several instances: there the query runs
 * on every request.
 */
const sessionMemo = keptUntilWrite<{ row?: SessionQueryRow }>({
  maxBytes: 16 * 1024 * 1024,
  keep: ({ row }) => row !== undefined && !row.seen_long_ago && !row.needs_refresh,
  stillTrue: ({ row }) => row !== undefined && Date.now() < row.stable_until,
})

/** How many session reads the embedded database's memo answered (tests). */
export const sessionMemoHits = () => sessionMemo.hits

/**
 * One query: a live session's user and their roles (a disabled user has no session), and what
 * `also` asks for, in the same round trip.
 */
export async function loadSessionViewer(
  db: Db,
  token: string,
  also?: SessionAlso,
): Promise<(SessionFound & Rider) | null> {
  const read = await readSessionRow(db, token, also)
  return read && { ...read.found, ...riderFrom(read.row, also) }
}

/**
 * The session query's row (kept on the embedded database) and the viewer it names. On the hot path
 * of every request: one await, the memo's; "last seen" is awaited only when it is written.
 */
async function readSessionRow(
  db: Db,
  token: string,
  also: SessionAlso | undefined,
): Promise<{ row: SessionQueryRow; found: SessionFound } | null> {
  const recordId = also && 'recordId' in also ? also.recordId : undefined
  const schedule = also && 'schedule' in also ? also.schedule : undefined
  const caseload = also && 'caseload' in also ? also.caseload : undefined
  const query = schedule
    ? sessionQueries.schedule
    : caseload
      ? sessionQueries.caseload
      : recordId
        ? recordId === OWN_RECORD
          ? sessionQueries.ownRecord
          : also && 'sessions' in also
            ? sessionQueries.recordSessions
            : sessionQueries.record
        : also
          ? 'week' in also
            ? sessionQueries.week
            : sessionQueries.currentUser
          : sessionQueries.viewer
  const days = schedule ?? caseload
  const asked = days ? `${days.educator ?? ''} ${days.from} ${days.to}` : (recordId ?? '')
  const { row } = await sessionMemo.read(db, `${query.name}\n${token}\n${asked}`, async () => ({
    row: (
      await query.run(
        db,
        schedule
          ? { token, educatorId: schedule.educator, from: schedule.from, to: schedule.to }
          : caseload
            ? { token, educatorId: caseload.educator }
            : { token, recordId },
      )
    )[0],
  }))
  if (!row) return null
  if (row.seen_long_ago) await sessionSeen(db, row)
  return { row, found: sessionFoundIn(row) }
}

/** What the session's row answered for `also`. */
function riderFrom(row: SessionQueryRow, also: SessionAlso | undefined): Rider {
  if (!also) return {}
  if ('currentUser' in also) return { currentUser: row as SessionRow & CurrentUserSessionRow }
  if ('week' in also) return { weekVersions: String(row.week_versions) }
  if ('schedule' in also) return { schedule: { ...also.schedule, versions: String(row.schedule_versions) } }
  if ('caseload' in also) return { caseload: { ...also.caseload, versions: String(row.caseload_versions) } }
  const { recordId } = also
  if (!recordId) return {}
  return {
    record: {
      studentId: recordId === OWN_RECORD ? row.id : recordId,
      exists: row.record_exists === true,
      archived: row.record_archived === true,
      viewerOnTeam: row.record_on_team === true,
      viewerIsGuardian: row.record_is_guardian === true,
      versions: String(row.record_versions),
      ...(recordId === OWN_RECORD && { teamVersions: String(row.team_versions) }),
      ...('sessions' in also && { sessionsVersions: String(row.sessions_versions) }),
    },
  }
}

/** What the session query also answered for this request (nothing when the session was refreshed). */
export const riderOf = (request: FastifyRequest): Rider => request.keptRider ?? {}

/** The access plugin's session reader: the session with the route's rider (plugins/access.ts). */
export const readSessionWithRider: SessionReader = async (db, token, request) => {
  const also = alsoFor(request)
  const read = await readSessionRow(db, token, also)
  if (!read) return null
  if (!read.found.needsRefresh) request.keptRider = riderFrom(read.row, also)
  return read.found
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the session query also reads for this route's kept answer (`KeptRead`). */
    kept?: KeptRead
  }
  interface FastifyRequest {
    /** What the session query also answered for this request (`riderOf`; kept/index.ts declares it). */
    keptRider: Rider | null
  }
}
