import { type SQL, sql } from 'drizzle-orm'
import { type ActScore, type SatScore, withActComposite, withSatCumulative } from '../../../shared/scores'
import type { UserSummary } from '../../../shared/users'

/**
 * SQL fragments that build JSON inside one query, so a student record, a team or a user list is
 * one round trip (the student record is the hottest read; ADR 016). Aliases start with `_` so
 * they never shadow the outer query's.
 */
/** An entry's id, source, note and who added it (null for old entries or a removed account). */
const entryDetailsJson = (alias: string) =>
  sql.raw(`'uuid', ${alias}.id, 'source', ${alias}.source, 'note', ${alias}.note,
    'addedBy', (select json_build_object('name', _by.name, 'uuid', _by.id) from users _by where _by.id = ${alias}.created_by_id)`)

export const satScoresJson = (studentId: SQL) => sql`coalesce((
  select json_agg(json_build_object('date', _s.date, 'english', _s.english, 'math', _s.math, ${entryDetailsJson('_s')})
    order by _s.date, _s.created_at, _s.id)
  from sat_scores _s where _s.student_id = ${studentId}), '[]')`

export const actScoresJson = (studentId: SQL) => sql`coalesce((
  select json_agg(json_build_object('date', _a.date, 'english', _a.english, 'math', _a.math,
    'reading', _a.reading, 'science', _a.science, ${entryDetailsJson('_a')}) order by _a.date, _a.created_at, _a.id)
  from act_scores _a where _a.student_id = ${studentId}), '[]')`

/**
 * A student's newest official SAT entry as JSON (without `cumulative`), or null: "latest" means
 * official; practice and diagnostic entries appear only where they are labelled as such.
 */
export const latestSatJson = (studentId: SQL) => sql`(select json_build_object('date', _s.date,
    'english', _s.english, 'math', _s.math) from sat_scores _s
  where _s.student_id = ${studentId} and _s.source = 'official' order by _s.date desc, _s.created_at desc, _s.id desc limit 1)`

/** A student's newest official ACT entry as JSON (without `cumulative`), or null. */
export const latestActJson = (studentId: SQL) => sql`(select json_build_object('date', _a.date,
    'english', _a.english, 'math', _a.math, 'reading', _a.reading, 'science', _a.science) from act_scores _a
  where _a.student_id = ${studentId} and _a.source = 'official' order by _a.date desc, _a.created_at desc, _a.id desc limit 1)`

/**
 * Whether `userId` holds the profile kept in `table`, as a column of a list. A scalar subquery,
 * not `exists`: over a list PostgreSQL may answer an `exists` column by hashing the whole profile
 * table on every request (its cost model prices a list's index probes above one scan of the
 * table), which made most of the admin search's time (docs/performance.md, change 11).
 */
export const holdsProfileSql = (table: string, userId: SQL) =>
  sql`coalesce((select true from ${sql.raw(table)} where user_id = ${userId}), false)`

/** Whether the user holds an educator or FAO profile: who may join a team (docs/product.md#permissions). */
export const holdsStaffProfile = (
  userId: SQL,
) => sql`(exists(select 1 from educator_profiles where user_id = ${userId})
  or exists(select 1 from fao_profiles where user_id = ${userId}))`

/** The four profiles of a user as JSON (null when not held); score lists without `cumulative`. */
export const profilesJson = (userId: SQL) => sql`json_build_object(
  'profileStudent', (select json_build_object(
      'satScoresHistorical', ${satScoresJson(sql`_sp.user_id`)},
      'actScoresHistorical', ${actScoresJson(sql`_sp.user_id`)})
    from student_profiles _sp where _sp.user_id = ${userId}),
  'profileEducator', (select json_build_object('bio', _ep.bio) from educator_profiles _ep where _ep.user_id = ${userId}),
  'profileAdmin', (select json_build_object() from admin_profiles _ap where _ap.user_id = ${userId}),
  'profileFao', (select json_build_object() from fao_profiles _fp where _fp.user_id = ${userId}),
  'profileGuardian', (select json_build_object() from guardian_profiles _gp where _gp.user_id = ${userId}))`

/**
 * A team member as a record lists them: name, uuid and their staff profiles. A member who also
 * holds a student profile has their own record; it is never carried here (it would show one
 * student's scores to another).
 */
export const teamMemberJson = (alias: string) => {
  const id = sql.raw(`${alias}.id`)
  return sql`json_build_object('name', ${sql.raw(alias)}.name, 'uuid', ${id}, 'profiles', json_build_object(
    'profileStudent', null,
    'profileEducator', (select json_build_object('bio', _ep.bio) from educator_profiles _ep where _ep.user_id = ${id}),
    'profileAdmin', (select json_build_object() from admin_profiles _ap where _ap.user_id = ${id}),
    'profileFao', (select json_build_object() from fao_profiles _fp where _fp.user_id = ${id}),
    'profileGuardian', null))`
}

/** A user summary (name, uuid, profiles) as JSON. */
export const userSummaryJson = (alias: string) =>
  sql`json_build_object('name', ${sql.raw(alias)}.name, 'uuid', ${sql.raw(alias)}.id, 'profiles', ${profilesJson(sql.raw(`${alias}.id`))})`

export type RawSat = Omit<SatScore, 'cumulative'>
export type RawAct = Omit<ActScore, 'cumulative'>

export interface RawProfiles {
  profileStudent: { satScoresHistorical: RawSat[]; actScoresHistorical: RawAct[] } | null
  profileEducator: { bio: string } | null
  profileAdmin: Record<string, never> | null
  profileFao: Record<string, never> | null
  profileGuardian: Record<string, never> | null
}

export interface RawUserSummary {
  name: string
  uuid: string
  profiles: RawProfiles
}

/** Adds `cumulative` to every score: the API never returns a score without it. */
export function toUserSummary(raw: RawUserSummary): UserSummary {
  const { profileStudent, ...rest } = raw.profiles
  return {
    name: raw.name,
    uuid: raw.uuid,
    ...rest,
    profileStudent: profileStudent
      ? {
          satScoresHistorical: profileStudent.satScoresHistorical.map(withSatCumulative),
          actScoresHistorical: profileStudent.actScoresHistorical.map(withActComposite),
        }
      : null,
  }
}

/** Timestamps from `json_build_object` carry the session's offset: answer them as ISO UTC. */
export const isoTimestamp = (value: string) => new Date(value).toISOString()

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** A path id that is not a UUID cannot name anything: callers answer 404 without asking the database. */
export const isUuid = (value: string) => UUID_PATTERN.test(value)

/** A timestamp column as ISO 8601 UTC text with milliseconds, for raw rows (no driver parsing). */
export const isoSql = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** The roles a user holds as a text array, in the user label order (Admin, Educator, FAO, Student, Guardian). */
export const rolesArraySql = (userId: SQL) => sql`array_remove(array[
  case when exists(select 1 from admin_profiles where user_id = ${userId}) then 'admin' end,
  case when exists(select 1 from educator_profiles where user_id = ${userId}) then 'educator' end,
  case when exists(select 1 from fao_profiles where user_id = ${userId}) then 'fao' end,
  case when exists(select 1 from student_profiles where user_id = ${userId}) then 'student' end,
  case when exists(select 1 from guardian_profiles where user_id = ${userId}) then 'guardian' end], null)`

/** Rows as a JSON array in the order given (the subquery's `ord` columns), `[]` when none. */
export const jsonList = (rows: SQL, order: string) =>
  sql`coalesce((select json_agg(_x.item order by ${sql.raw(order)}) from (${rows}) _x), '[]')`
