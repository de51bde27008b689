import { type SQL, sql } from 'drizzle-orm'
import {
  ADMIN_DEADLINE_DAYS,
  CASELOAD_DEADLINE_DAYS,
  DEADLINE_STATUSES,
  NEXT_SESSIONS,
  NEXT_SESSIONS_ADMIN,
  NEXT_SESSIONS_CHILD,
  RECENT_NOTE_DAYS,
  type WeekScreen,
} from '../../../shared/week'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRowsPrepared } from '../../db/raw'
import { noteJsonSql } from '../notes/notes'
import { taskAttemptSql } from '../tasks/tasks'
import { type ExtraColumn, guardianLinkCountsSql } from './record'
import { isoSql, jsonList, latestActJson, latestSatJson } from './sql'
import { type WeekRow, weekFromRow } from './week-rows'
import {
  activeSessionStudent,
  caseloadSessions,
  everySession,
  sessionsChangeAtSql,
  sessionsSql,
} from './week-sessions'

/**
 * `GET /v1/screens/week`: each role's week in one statement (docs/product.md#dashboards). Staff
 * blocks read only the active students whose team the caller is on; the family's only linked,
 * active students and shared notes; the student only their own record.
 */

const pending = sql.raw(`(${DEADLINE_STATUSES.map((status) => `'${status}'`).join(', ')})`)

const taskJson = (t: string) =>
  sql.raw(`json_build_object('uuid', ${t}.id, 'studentUUID', ${t}.student_id, 'studentName', _ts.name,
    'title', ${t}.title, 'dueDate', to_char(${t}.due_date, 'YYYY-MM-DD'),
    'assignee', json_build_object('name', _ta.name, 'uuid', _ta.id),
    'practiceAttemptUUID', ${taskAttemptSql(t)})`)
const taskJoins = (t: string) =>
  sql.raw(`join users _ts on _ts.id = ${t}.student_id join users _ta on _ta.id = ${t}.assignee_id`)

const deadlineJson = (e: string) =>
  sql.raw(`json_build_object('uuid', ${e}.id, 'studentUUID', ${e}.student_id, 'studentName', _es.name,
    'college', ${e}.name, 'round', ${e}.round, 'deadline', to_char(${e}.deadline, 'YYYY-MM-DD'), 'status', ${e}.status)`)

/**
 * Pending deadlines from today for `days` days of the entries `e` in `entries` (`college_entries e`,
 * or the caseload's, `caseloadEntries`) that pass `whose`.
 */
const deadlinesSql = (entries: SQL, whose: SQL, days: number, limit: number) =>
  jsonList(
    sql`select ${deadlineJson('e')} as item, e.deadline as d, _es.name as n, e.name as c from ${entries}
      join users _es on _es.id = e.student_id
      where ${whose} and e.status in ${pending} and e.deadline >= v.today and e.deadline < v.today + ${days}::int
      order by e.deadline, _es.name, e.name limit ${limit}`,
    '_x.d, _x.n, _x.c',
  )

/**
 * The caller's caseload, `_cl`: active students whose team they are on, read once by the statement
 * (`weekSql`). The staff blocks start from it and reach each student's rows through the student's
 * index: a condition `student_id in (caseload)` let the planner read every pending deadline of
 * every student through the deadline index instead.
 */
const caseloadCte = (viewerId: string) => sql`with _cl as materialized (select tm.student_id,
    _sp.target_sat, _sp.target_act from team_members tm
  join student_profiles _sp on _sp.user_id = tm.student_id and _sp.archived_at is null
  where tm.member_id = ${viewerId})`

/** The rows of `table` (as `alias`) of the caseload's students. */
const ofCaseload = (table: string, alias: string) =>
  sql.raw(`_cl join ${table} ${alias} on ${alias}.student_id = _cl.student_id`)
/**
 * The caseload's college entries, read student by student (`offset 0` keeps the planner from
 * turning this into one pass over the deadline index: a few entries per student against every
 * pending deadline of the company).
 */
const caseloadEntries = sql`_cl cross join lateral (select * from college_entries _ce
  where _ce.student_id = _cl.student_id offset 0) e`
const everyEntry = sql`college_entries e`
const always = sql`true`

const studentBlock = (viewerId: string) => sql`(select json_build_object('uuid', sp.user_id,
    'archived', sp.archived_at is not null,
    'tasks', case when sp.archived_at is null then ${jsonList(
      sql`select ${taskJson('t')} as item, t.due_date as d, t.created_at as c, t.id as i from tasks t ${taskJoins('t')}
        where t.student_id = sp.user_id and t.assignee_id = sp.user_id and t.status = 'open'
        order by t.due_date asc nulls last, t.created_at, t.id limit 20`,
      '_x.d nulls last, _x.c, _x.i',
    )} else '[]' end,
    'deadlines', case when sp.archived_at is null
      then ${deadlinesSql(everyEntry, sql`e.student_id = sp.user_id`, 366, 5)} else '[]' end,
    'nextSessions', case when sp.archived_at is null
      then ${sessionsSql(everySession, sql`s.student_id = sp.user_id`, 'next', NEXT_SESSIONS)} else '[]' end)
  from student_profiles sp where sp.user_id = ${viewerId})`

const educatorBlock = (viewerId: string) => sql`json_build_object(
  'nextSessions', ${sessionsSql(caseloadSessions, sql`s.educator_id = ${viewerId}`, 'next', NEXT_SESSIONS)},
  'awaitingAttendance', ${sessionsSql(caseloadSessions, sql`s.educator_id = ${viewerId}`, 'awaiting', 50)},
  'students', ${jsonList(
    sql`select json_build_object('name', u.name, 'uuid', u.id, 'sat', ${latestSatJson(sql`u.id`)},
        'act', ${latestActJson(sql`u.id`)}, 'targetSat', _cl.target_sat, 'targetAct', _cl.target_act) as item,
        u.name as n, u.id as i
      from _cl join users u on u.id = _cl.student_id`,
    '_x.n, _x.i',
  )},
  'deadlines', ${deadlinesSql(caseloadEntries, always, CASELOAD_DEADLINE_DAYS, 50)},
  'notes', ${jsonList(
    sql`select json_build_object('uuid', n.id, 'studentUUID', n.student_id, 'studentName', _ns.name,
        'date', to_char(n.date, 'YYYY-MM-DD'), 'author', json_build_object('name', _na.name, 'uuid', _na.id),
        'visibility', n.visibility, 'excerpt', left(n.body, 600), 'createdAt', ${isoSql(sql`n.created_at`)}) as item,
        n.created_at as c, n.id as i
      from ${ofCaseload('session_notes', 'n')} join users _ns on _ns.id = n.student_id
      join users _na on _na.id = n.author_id
      where n.created_at >= now() - ${RECENT_NOTE_DAYS}::int * interval '1 day'
      order by n.created_at desc, n.id limit 20`,
    '_x.c desc, _x.i',
  )},
  'overdueTasks', ${jsonList(
    sql`select ${taskJson('t')} as item, t.due_date as d, t.created_at as c, t.id as i
      from ${ofCaseload('tasks', 't')} ${taskJoins('t')}
      where t.status = 'open' and t.due_date < v.today
      order by t.due_date, t.created_at, t.id limit 50`,
    '_x.d, _x.c, _x.i',
  )})`

const missingAidWhere = sql`(e.cost_of_attendance is null or e.aid_offered is null) and e.status not in ('denied', 'withdrawn')`

const faoBlock = sql`json_build_object(
  'missingAid', ${jsonList(
    sql`select json_build_object('uuid', e.id, 'studentUUID', e.student_id, 'studentName', _es.name,
        'college', e.name, 'round', e.round, 'deadline', to_char(e.deadline, 'YYYY-MM-DD'), 'status', e.status,
        'costOfAttendance', e.cost_of_attendance, 'aidOffered', e.aid_offered) as item,
        (e.status = 'admitted') as a, e.deadline as d, _es.name as n, e.id as i
      from ${caseloadEntries} join users _es on _es.id = e.student_id where ${missingAidWhere}
      order by (e.status = 'admitted') desc, e.deadline nulls last, _es.name, e.id limit 50`,
    '_x.a desc, _x.d nulls last, _x.n, _x.i',
  )},
  'missingAidCount', (select count(*)::int from ${caseloadEntries} where ${missingAidWhere}),
  'deadlines', ${deadlinesSql(caseloadEntries, always, CASELOAD_DEADLINE_DAYS, 50)})`

const activeStudent = sql`e.student_id in (select user_id from student_profiles where archived_at is null)`

const adminBlock = sql`json_build_object('counts', json_build_object(
    'activeStudents', (select count(*)::int from student_profiles where archived_at is null),
    'openInquiries', (select count(*)::int from contact_requests where handled_at is null),
    'openInvites', (select count(*)::int from user_invites where used_at is null and expires_at > now()),
    'deadlinesThisWeek', (select count(*)::int from college_entries e where ${activeStudent}
      and e.status in ${pending} and e.deadline >= v.today and e.deadline < v.today + ${ADMIN_DEADLINE_DAYS}::int)),
  'deadlines', ${deadlinesSql(everyEntry, activeStudent, ADMIN_DEADLINE_DAYS, 20)},
  'nextSessions', ${sessionsSql(everySession, activeSessionStudent, 'next', NEXT_SESSIONS_ADMIN)})`

/** When the first open invite expires (ms), leaving the admin's `openInvites`; null when none is open. */
const inviteExpirySql = sql`(select (extract(epoch from min(expires_at)) * 1000)::float8 from user_invites
  where used_at is null and expires_at > now())`

const guardianBlock = (viewerId: string) =>
  sql`json_build_object('children', ${jsonList(
    sql`select json_build_object('student', json_build_object('name', u.name, 'uuid', u.id),
      'relationship', gl.relationship, 'sat', ${latestSatJson(sql`u.id`)}, 'act', ${latestActJson(sql`u.id`)},
      'nextDeadline', (select ${deadlineJson('e')} from college_entries e join users _es on _es.id = e.student_id
        where e.student_id = u.id and e.status in ${pending} and e.deadline >= v.today
        order by e.deadline, e.name, e.id limit 1),
      'nextTask', (select ${taskJson('t')} from tasks t ${taskJoins('t')}
        where t.student_id = u.id and t.assignee_id = u.id and t.status = 'open'
        order by t.due_date asc nulls last, t.created_at, t.id limit 1),
      'note', (select ${noteJsonSql('_n')} from session_notes _n where _n.student_id = u.id and _n.visibility = 'shared'
        order by _n.date desc, _n.created_at desc, _n.id desc limit 1),
      'nextSessions', ${sessionsSql(everySession, sql`s.student_id = u.id`, 'next', NEXT_SESSIONS_CHILD)},
      'hoursLeft', (select sum(_l.minutes) from hour_ledger _l where _l.student_id = u.id)) as item,
      u.name as n, u.id as i
    from guardian_links gl
    join student_profiles sp on sp.user_id = gl.student_id and sp.archived_at is null
    join users u on u.id = sp.user_id
    where gl.guardian_id = ${viewerId} and ${guardianLinkCountsSql(sql`gl.accepted_at`, viewerId)}`,
    '_x.n, _x.i',
  )})`

const none = sql`null`

const ROLE_ORDER = ['student', 'educator', 'fao', 'admin', 'guardian'] as const

/** The week's one statement for this viewer: a block for each role they hold, null for the others. */
export function weekSql(viewer: Viewer, extra?: ExtraColumn): SQL {
  const has = (role: Parameters<Viewer['roles']['has']>[0]) => viewer.roles.has(role)
  const staff = has('educator') || has('fao')
  // A named statement is a select: the caseload's `with` goes inside.
  return sql`select * from (${staff ? caseloadCte(viewer.id) : sql``} select to_char(v.today, 'YYYY-MM-DD') as today,
      ${has('student') ? studentBlock(viewer.id) : none} as student,
      ${has('educator') ? educatorBlock(viewer.id) : none} as educator,
      ${has('fao') ? faoBlock : none} as fao,
      ${has('admin') ? adminBlock : none} as admin,
      ${has('guardian') ? guardianBlock(viewer.id) : none} as guardian,
      (extract(epoch from (v.today + 1)::timestamp at time zone v.tz) * 1000)::float8 as next_day_at,
      ${has('admin') ? inviteExpirySql : none} as invite_expires_at,
      ${sessionsChangeAtSql(viewer)} as sessions_change_at
      ${extra ? sql`, ${extra.sql(sql`${viewer.id}::uuid`)} as extra` : sql``}
    from (select (now() at time zone u.time_zone)::date as today, u.time_zone as tz
      from users u where u.id = ${viewer.id}) v) _w`
}

export async function weekScreen(db: DbOrTx, viewer: Viewer): Promise<WeekScreen> {
  return (await weekScreenWith(db, viewer)).screen
}

/**
 * The week and, with `extra`, that column over the caller's id, read by the same statement (the
 * answers kept between writes ask it for the week's versions); `changesAt`, when the clock alone
 * changes the answer (ms): the caller's next midnight, the moment the oldest note shown turns
 * `RECENT_NOTE_DAYS` old, or the admin's first open invite expires, whichever comes first.
 */
export async function weekScreenWith(
  db: DbOrTx,
  viewer: Viewer,
  extra?: ExtraColumn,
): Promise<{ screen: WeekScreen; extra?: string; changesAt: number }> {
  // Named per mix of roles (one SQL text each): planning this statement costs more than running it.
  const roles = ROLE_ORDER.filter((role) => viewer.roles.has(role)).join('+')
  const name = extra ? `week:${roles}:${extra.name}` : `week:${roles}`
  const [row] = await selectRowsPrepared<WeekRow>(db, name, weekSql(viewer, extra))
  const notesAgeOut = (row!.educator?.notes ?? []).map(
    (note) => Date.parse(note.createdAt) + RECENT_NOTE_DAYS * 86_400_000,
  )
  const inviteExpires = row!.invite_expires_at === null ? [] : [Number(row!.invite_expires_at)]
  const sessionEnds = row!.sessions_change_at === null ? [] : [Number(row!.sessions_change_at)]
  const changesAt = Math.min(Number(row!.next_day_at), ...notesAgeOut, ...inviteExpires, ...sessionEnds)
  return { screen: weekFromRow(row!), extra: row!.extra, changesAt }
}
