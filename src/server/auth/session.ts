import { createHmac, timingSafeEqual } from 'node:crypto'
import { type SQL, sql } from 'drizzle-orm'
import type { Role } from '../../shared/roles'
import type { Db } from '../db/client'
import { preparedQuery } from '../db/raw'
import { keptUntilWrite } from '../db/write-epoch'
import { twoFactorMissingSql } from '../modules/admin/settings'
import { recordVersionsSql, teamVersionsSql, viewerIsGuardianSql } from '../modules/students/record'
import { type CurrentUserSessionRow, currentUserExtrasSql, type Viewer } from '../modules/users/current-user'

/** better-auth's session lifetime and refresh age, shared with its config (seconds). */
export const SESSION_EXPIRES_IN = 7 * 24 * 3600
export const SESSION_UPDATE_AGE = 24 * 3600
/** However often it is used, a session ends this long after its login (seconds). */
export const SESSION_MAX_AGE = 30 * 24 * 3600
/** How stale a session's "last seen" may get before a request writes it again (seconds). */
const SESSION_SEEN_EVERY = 5 * 60

const SECURE_COOKIE = '__Secure-better-auth.session_token'
const PLAIN_COOKIE = 'better-auth.session_token'

/**
 * The session token from better-auth's signed cookie (`token.base64(HMAC-SHA256(secret, token))`,
 * URI-encoded), verified here so the hot path skips better-auth's endpoint pipeline (ADR 012).
 */
export function verifiedSessionToken(
  cookieHeader: string | undefined,
  secret: string,
  secureOnly = false,
): string | null {
  if (!cookieHeader) return null
  // On https better-auth sets only the __Secure- cookie; a plain-named one beside it was tossed in
  // by someone else (a sibling subdomain, an http page) and must not choose who we serve.
  const names = secureOnly ? [SECURE_COOKIE] : [SECURE_COOKIE, PLAIN_COOKIE]
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    const name = part.slice(0, eq).trim()
    if (!names.includes(name)) continue
    let value: string
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim())
    } catch {
      return null
    }
    const dot = value.lastIndexOf('.')
    if (dot <= 0) return null
    const token = value.slice(0, dot)
    const signature = Buffer.from(value.slice(dot + 1), 'base64')
    const expected = createHmac('sha256', secret).update(token).digest()
    return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null
  }
  return null
}

interface SessionRow {
  id: string
  session_id: string
  seen_long_ago: boolean
  name: string
  email: string
  onboarding_required: boolean
  needs_refresh: boolean
  is_student: boolean
  is_educator: boolean
  is_admin: boolean
  is_fao: boolean
  is_guardian: boolean
  two_factor_required: boolean
  /** When the clock alone would change this row (ms since 1970): see `sessionMemo`. */
  stable_until: number
}

interface RecordRow {
  record_exists: boolean
  record_on_team: boolean
  record_is_guardian: boolean
  record_versions: string
  team_versions: string
}

/** A student record's access facts and versions, read with the session (record-cache.ts). */
export interface RecordCheck {
  studentId: string
  exists: boolean
  viewerOnTeam: boolean
  viewerIsGuardian: boolean
  versions: string
  /** With `recordParam: 'self'`: the versions of the caller's team students (record-cache.ts). */
  teamVersions?: string
}

const sessionViewerSql = sql`
    select u.id, u.name, u.email, u.onboarding_required, s.id as session_id,
      s.updated_at < now() - make_interval(secs => ${SESSION_SEEN_EVERY}) as seen_long_ago,
      s.expires_at - make_interval(secs => ${SESSION_EXPIRES_IN - SESSION_UPDATE_AGE}) <= now() as needs_refresh,
      exists(select 1 from student_profiles where user_id = u.id) as is_student,
      exists(select 1 from educator_profiles where user_id = u.id) as is_educator,
      exists(select 1 from admin_profiles where user_id = u.id) as is_admin,
      exists(select 1 from fao_profiles where user_id = u.id) as is_fao,
      exists(select 1 from guardian_profiles where user_id = u.id) as is_guardian,
      ${twoFactorMissingSql} as two_factor_required,
      floor(extract(epoch from least(
        s.expires_at - make_interval(secs => ${SESSION_EXPIRES_IN - SESSION_UPDATE_AGE}),
        s.created_at + make_interval(secs => ${SESSION_MAX_AGE}),
        s.updated_at + make_interval(secs => ${SESSION_SEEN_EVERY}))) * 1000)::float8 as stable_until`

const sessionWhereSql = sql`
    from sessions s join users u on u.id = s.user_id
    where s.token = ${sql.placeholder('token')} and s.expires_at > now() and u.disabled_at is null
      and s.created_at > now() - make_interval(secs => ${SESSION_MAX_AGE})`

/**
 * `recordParam: 'self'` (plugins/access.ts, My Dashboard): the record checked with the session is
 * the caller's own, and the versions of the students whose team they are on come with it.
 */
export const OWN_RECORD = 'self'

const recordCheckSql = (studentId: SQL) => sql`
      exists(select 1 from student_profiles where user_id = ${studentId}) as record_exists,
      exists(select 1 from team_members where student_id = ${studentId} and member_id = u.id) as record_on_team,
      ${viewerIsGuardianSql(studentId, sql`u.id`)} as record_is_guardian,
      ${recordVersionsSql(studentId)} as record_versions`

/** What a route asks the session query to read as well (plugins/access.ts). */
export type SessionAlso = { recordId: string } | { currentUser: true }

type SessionQueryRow = SessionRow & Partial<RecordRow> & Partial<CurrentUserSessionRow>
interface SessionQuery {
  name: string
  run: (db: Db, values: { token: string; recordId?: string }) => Promise<SessionQueryRow[]>
}
const sessionQuery = (name: string, extras?: SQL): SessionQuery => ({
  name,
  run: preparedQuery<SessionQueryRow, { token: string; recordId?: string }>(
    name,
    extras
      ? sql`${sessionViewerSql}, ${extras} ${sessionWhereSql}`
      : sql`${sessionViewerSql} ${sessionWhereSql}`,
  ),
})

/**
 * The session query's answers on the embedded database, kept while they stay true. That database
 * is this process's alone, so an answer read at a write epoch (db/write-epoch.ts) holds until the
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

/** The session query's variants, each a named statement built once. */
const sessionQueries = {
  viewer: sessionQuery('session-viewer'),
  record: sessionQuery('session-viewer-record', recordCheckSql(sql`${sql.placeholder('recordId')}::uuid`)),
  ownRecord: sessionQuery(
    'session-viewer-own-record',
    sql`${recordCheckSql(sql`u.id`)}, ${teamVersionsSql(sql`u.id`)} as team_versions`,
  ),
  currentUser: sessionQuery('session-current-user', currentUserExtrasSql),
}

/**
 * One query: a live session's user and their roles (a disabled user has no session). The same
 * round trip may also answer, for the hottest reads:
 * - `recordId`: what a cached student record needs to be served (the viewer's place on its team or
 *   family, and its versions; record-cache.ts);
 * - `currentUser`: the rest of `GET /api/v1/users/me`'s answer.
 */
export async function loadSessionViewer(
  db: Db,
  token: string,
  also?: SessionAlso,
): Promise<{
  viewer: Viewer
  needsRefresh: boolean
  record?: RecordCheck
  currentUser?: CurrentUserSessionRow
} | null> {
  const recordId = also && 'recordId' in also ? also.recordId : undefined
  const query = recordId
    ? recordId === OWN_RECORD
      ? sessionQueries.ownRecord
      : sessionQueries.record
    : also
      ? sessionQueries.currentUser
      : sessionQueries.viewer
  const { row } = await sessionMemo.read(db, `${query.name}\n${token}\n${recordId ?? ''}`, async () => ({
    row: (await query.run(db, { token, recordId }))[0],
  }))
  if (!row) return null
  // "Last seen" for the person's list of sessions, written at most every few minutes per session.
  if (row.seen_long_ago) {
    await db.execute(sql`update sessions set updated_at = now() where id = ${row.session_id}`)
  }
  const roles = new Set<Role>()
  if (row.is_admin) roles.add('admin')
  if (row.is_educator) roles.add('educator')
  if (row.is_fao) roles.add('fao')
  if (row.is_student) roles.add('student')
  if (row.is_guardian) roles.add('guardian')
  return {
    viewer: {
      id: row.id,
      name: row.name,
      email: row.email,
      onboardingRequired: row.onboarding_required,
      roles,
      sessionId: row.session_id,
      twoFactorRequired: row.two_factor_required,
    },
    needsRefresh: row.needs_refresh,
    ...(also && 'currentUser' in also && { currentUser: row as SessionRow & CurrentUserSessionRow }),
    ...(recordId && {
      record: {
        studentId: recordId === OWN_RECORD ? row.id : recordId,
        exists: row.record_exists === true,
        viewerOnTeam: row.record_on_team === true,
        viewerIsGuardian: row.record_is_guardian === true,
        versions: String(row.record_versions),
        ...(recordId === OWN_RECORD && { teamVersions: String(row.team_versions) }),
      },
    }),
  }
}
