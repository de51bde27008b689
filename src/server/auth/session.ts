import { createHmac, timingSafeEqual } from 'node:crypto'
import { type SQL, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client'
import { preparedQuery } from '../db/raw'
import { twoFactorMissingSql } from './staff-two-factor'
import { type ProfileFlags, rolesOf, type Viewer } from './viewer'

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

/** The session query's row: a live session's user and their roles. */
export interface SessionRow extends ProfileFlags {
  id: string
  session_id: string
  seen_long_ago: boolean
  name: string
  email: string
  onboarding_required: boolean
  needs_refresh: boolean
  two_factor_required: boolean
  /** When the clock alone would change this row (ms since 1970): nothing is written before then. */
  stable_until: number
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
 * The session query as a named statement built once: `extras` are more columns over `u` (the
 * user) read in the same round trip, with placeholders of their own (`sql.placeholder`).
 */
export function sessionStatement<R extends object = object>(name: string, extras?: SQL) {
  return preparedQuery<SessionRow & R, Record<string, unknown> & { token: string }>(
    name,
    extras
      ? sql`${sessionViewerSql}, ${extras} ${sessionWhereSql}`
      : sql`${sessionViewerSql} ${sessionWhereSql}`,
  )
}

/** A session read: who is calling, and whether better-auth must refresh the session first. */
export interface SessionFound {
  viewer: Viewer
  needsRefresh: boolean
}

/**
 * Reads the session behind a verified token (plugins/access.ts). The app may give the access
 * plugin one that reads more in the same round trip; this one reads the session alone.
 */
export type SessionReader = (db: Db, token: string, request: FastifyRequest) => Promise<SessionFound | null>

const plainSession = sessionStatement('session-viewer')

export const readSession: SessionReader = async (db, token) => {
  const [row] = await plainSession(db, { token })
  return row ? sessionFound(db, row) : null
}

/**
 * The viewer from the session query's row. "Last seen", for the person's list of sessions, is
 * written at most every few minutes per session.
 */
export async function sessionFound(db: Db, row: SessionRow): Promise<SessionFound> {
  if (row.seen_long_ago) await sessionSeen(db, row)
  return sessionFoundIn(row)
}

/** Writes "last seen" for the session of a row that asks for it (`seen_long_ago`). */
export async function sessionSeen(db: Db, row: SessionRow): Promise<void> {
  await db.execute(sql`update sessions set updated_at = now() where id = ${row.session_id}`)
}

/** The viewer from the session query's row, once "last seen" is written (`sessionFound`). */
export function sessionFoundIn(row: SessionRow): SessionFound {
  return {
    viewer: {
      id: row.id,
      name: row.name,
      email: row.email,
      onboardingRequired: row.onboarding_required,
      roles: rolesOf(row),
      sessionId: row.session_id,
      twoFactorRequired: row.two_factor_required,
    },
    needsRefresh: row.needs_refresh,
  }
}
