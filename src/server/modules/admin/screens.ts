import { type SQL, sql } from 'drizzle-orm'
import type { Role } from '../../../shared/roles'
import { ENHANCED_ACT_DATE, withActComposite, withSatCumulative } from '../../../shared/scores'
import {
  type AdminOverview,
  type AdminStudentPage,
  type AdminStudentsQuery,
  type AdminStudentsScreen,
  STUDENT_PAGE_DEFAULT,
} from '../../../shared/screens'
import type { AdminStudentRow } from '../../../shared/students'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { listAuditEvents } from '../audit/audit-events'
import { collegeStatusCounts } from '../colleges/colleges'
import {
  isoSql,
  isUuid,
  latestActJson,
  latestSatJson,
  type RawAct,
  type RawSat,
  rolesArraySql,
} from '../students/sql'
import { likePattern } from '../users/admin-user-list'
import { decodeCursor, encodeCursor, invalidCursor } from './cursor'

interface StudentRow {
  name: string
  uuid: string
  archived_at: string | null
  team: { name: string; uuid: string; roles: Role[] }[]
  sat: RawSat | null
  act: RawAct | null
}

/** A Manage Students row's columns beyond name and uuid, for the student whose user id is `id`. */
const studentDetailsSql = (id: SQL, archivedAt: SQL) => sql`case when ${archivedAt} is null then null
      else ${isoSql(archivedAt)} end as archived_at,
      coalesce((select json_agg(json_build_object('name', m.name, 'uuid', m.id, 'roles', ${rolesArraySql(sql`m.id`)})
          order by m.name, m.id)
        from team_members tm join users m on m.id = tm.member_id where tm.student_id = ${id}), '[]') as team,
      ${latestSatJson(id)} as sat, ${latestActJson(id)} as act`

function toAdminStudentRow(row: StudentRow): AdminStudentRow {
  return {
    name: row.name,
    uuid: row.uuid,
    team: row.team,
    latestSat: row.sat ? withSatCumulative(row.sat) : null,
    latestAct: row.act ? withActComposite(row.act) : null,
    archivedAt: row.archived_at,
  }
}

/**
 * `GET /v1/screens/admin/students`: every student with their team and newest scores, in one
 * query; the original `activeStudents` (name, uuid, plus those fields) and the archived ones.
 */
export async function adminStudentsScreen(db: DbOrTx): Promise<AdminStudentsScreen> {
  const rows = await selectRows<StudentRow>(
    db,
    sql`select u.name, u.id as uuid, ${studentDetailsSql(sql`u.id`, sql`sp.archived_at`)}
    from student_profiles sp join users u on u.id = sp.user_id
    order by u.name, u.id`,
  )
  const screen: AdminStudentsScreen = { activeStudents: [], archivedStudents: [] }
  for (const row of rows) {
    const student = toAdminStudentRow(row)
    ;(row.archived_at ? screen.archivedStudents : screen.activeStudents).push(student)
  }
  return screen
}

/**
 * One page of a Manage Students tab, keyset-paged like the user list: by name (case-insensitive),
 * then uuid, along the `(lower(name), id)` index of users. The page's rows are picked first and
 * only they get their team and newest scores. Searches name and email.
 */
export async function adminStudentsPage(
  db: DbOrTx,
  query: Omit<AdminStudentsQuery, 'limit'> & { limit?: number },
): Promise<AdminStudentPage> {
  const limit = query.limit ?? STUDENT_PAGE_DEFAULT
  const conditions: SQL[] = [
    query.tab === 'archived' ? sql`sp.archived_at is not null` : sql`sp.archived_at is null`,
  ]
  if (query.q) {
    const pattern = likePattern(query.q)
    conditions.push(sql`(u.name ilike ${pattern} or u.email ilike ${pattern})`)
  }
  const after = decodeCursor(query.cursor, 2)
  if (after) {
    if (!isUuid(after[1]!)) throw invalidCursor()
    conditions.push(sql`(lower(u.name), u.id) > (${after[0]}, ${after[1]}::uuid)`)
  }
  const rows = await selectRows<StudentRow & { sort_name: string }>(
    db,
    sql`with page as (
      select u.id, u.name, lower(u.name) as sort_name, sp.archived_at
      from student_profiles sp join users u on u.id = sp.user_id
      where ${sql.join(conditions, sql` and `)}
      order by lower(u.name), u.id limit ${limit + 1}
    )
    select p.name, p.id as uuid, p.sort_name, ${studentDetailsSql(sql`p.id`, sql`p.archived_at`)}
    from page p order by p.sort_name, p.id`,
  )
  const [counts] = await selectRows<AdminStudentPage['counts']>(
    db,
    sql`select count(*) filter (where archived_at is null)::int as active,
      count(*) filter (where archived_at is not null)::int as archived from student_profiles`,
  )
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    students: page.map(toAdminStudentRow),
    nextCursor: rows.length > limit && last ? encodeCursor([last.sort_name, last.uuid]) : null,
    counts: counts!,
  }
}

const RECENT_EVENTS = 10

/** `GET /v1/screens/admin`: the overview's counts (one query) and the newest audit events. */
export async function adminOverview(db: DbOrTx): Promise<AdminOverview> {
  const [counts] = await selectRows<AdminOverview['counts']>(
    db,
    sql`select
      (select count(*)::int from student_profiles where archived_at is null) as "activeStudents",
      (select count(*)::int from student_profiles where archived_at is not null) as "archivedStudents",
      (select count(*)::int from educator_profiles ep join users u on u.id = ep.user_id
        where u.disabled_at is null) as educators,
      (select count(*)::int from fao_profiles fp join users u on u.id = fp.user_id
        where u.disabled_at is null) as faos,
      (select count(*)::int from admin_profiles ap join users u on u.id = ap.user_id
        where u.disabled_at is null) as admins,
      (select count(*)::int from user_invites where used_at is null and expires_at > now()) as "openInvites",
      (select count(*)::int from contact_requests where handled_at is null) as "openInquiries"`,
  )
  const { events } = await listAuditEvents(db, { limit: RECENT_EVENTS })
  return {
    counts: counts!,
    recentEvents: events,
    collegeStatuses: await collegeStatusCounts(db),
    progress: await progressSince(db, events[0]?.uuid ?? 'none'),
  }
}

type Progress = AdminOverview['progress']
/** How long progress figures are kept at most, even when the audit log has not moved. */
const PROGRESS_MAX_AGE_MS = 5 * 60_000
const progressCache = new WeakMap<DbOrTx, { newestEvent: string; at: number; progress: Progress }>()

/**
 * The median gains read every score of every active student, the admin overview's slowest part
 * at the bench's size (docs/performance.md, "Figures that were in code comments"), and change
 * only when a record does: a score added, edited or deleted, a student archived, restored or
 * deleted. Each of those writes an audit event in its own transaction, so the figures are kept,
 * per database handle in this process, until the newest audit event is another one, and for five
 * minutes at most (a bound for writes that bypass the API, such as a restore). Every instance
 * computes its own.
 */
async function progressSince(db: DbOrTx, newestEvent: string): Promise<Progress> {
  const kept = progressCache.get(db)
  if (kept && kept.newestEvent === newestEvent && Date.now() - kept.at < PROGRESS_MAX_AGE_MS)
    return kept.progress
  const progress = { sat: await medianGain(db, 'sat'), act: await medianGain(db, 'act') }
  progressCache.set(db, { newestEvent, at: Date.now(), progress })
  return progress
}

/** Each test's total in SQL: the SAT sum, the ACT composite under its date's rule (shared/scores.ts). */
const TOTAL_SQL = {
  sat: sql.raw('s.english + s.math'),
  act: sql.raw(`case when s.date >= date '${ENHANCED_ACT_DATE}'
    then (2 * (s.english + s.math + s.reading) + 3) / 6
    else (2 * (s.english + s.math + s.reading + s.science) + 4) / 8 end`),
}

/**
 * The median gain of `scoreProgress` (shared/scores.ts) over active students: from each one's
 * first diagnostic or practice entry (else their first entry) to their newest entry after it.
 * Entries are ordered as the record lists them: date, then when added, then id.
 */
async function medianGain(
  db: DbOrTx,
  kind: 'sat' | 'act',
): Promise<{ medianGain: number | null; students: number }> {
  const table = sql.raw(kind === 'sat' ? 'sat_scores' : 'act_scores')
  const [row] = await selectRows<{ medianGain: number | null; students: number }>(
    db,
    sql`with entries as (
        select s.student_id, s.source, ${TOTAL_SQL[kind]} as total,
          row_number() over (partition by s.student_id order by s.date, s.created_at, s.id) as n,
          count(*) over (partition by s.student_id) as entries
        from ${table} s join student_profiles p on p.user_id = s.student_id and p.archived_at is null
      ),
      starts as (
        select distinct on (student_id) student_id, n, total from entries
        where entries > 1 order by student_id, source = 'official', n
      ),
      newest as (select student_id, n, total from entries where n = entries and entries > 1)
      select (percentile_cont(0.5) within group (order by newest.total - starts.total))::float8 as "medianGain",
        count(*)::int as students
      from starts join newest using (student_id) where newest.n > starts.n`,
  )
  return row!
}
