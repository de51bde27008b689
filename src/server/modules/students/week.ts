import { type SQL, sql } from 'drizzle-orm'
import type { SessionNote } from '../../../shared/notes'
import { withActComposite, withSatCumulative } from '../../../shared/scores'
import {
  ADMIN_DEADLINE_DAYS,
  CASELOAD_DEADLINE_DAYS,
  DEADLINE_STATUSES,
  type MissingAid,
  RECENT_NOTE_DAYS,
  type WeekDeadline,
  type WeekNote,
  type WeekScreen,
  type WeekTask,
} from '../../../shared/week'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRowsPrepared } from '../../db/raw'
import { noteJsonSql } from '../notes/notes'
import { guardianLinkCountsSql } from './record'
import { isoSql, latestActJson, latestSatJson, type RawAct, type RawSat } from './sql'

/**
 * `GET /v1/screens/week`: each role's week in one statement (docs/product.md#dashboards). Staff
 * blocks read only the active students whose team the caller is on; the family's only linked,
 * active students and shared notes; the student only their own record.
 */

const pending = sql.raw(`(${DEADLINE_STATUSES.map((status) => `'${status}'`).join(', ')})`)

const taskJson = (t: string) =>
  sql.raw(`json_build_object('uuid', ${t}.id, 'studentUUID', ${t}.student_id, 'studentName', _ts.name,
    'title', ${t}.title, 'dueDate', to_char(${t}.due_date, 'YYYY-MM-DD'),
    'assignee', json_build_object('name', _ta.name, 'uuid', _ta.id))`)
const taskJoins = (t: string) =>
  sql.raw(`join users _ts on _ts.id = ${t}.student_id join users _ta on _ta.id = ${t}.assignee_id`)

const deadlineJson = (e: string) =>
  sql.raw(`json_build_object('uuid', ${e}.id, 'studentUUID', ${e}.student_id, 'studentName', _es.name,
    'college', ${e}.name, 'round', ${e}.round, 'deadline', to_char(${e}.deadline, 'YYYY-MM-DD'), 'status', ${e}.status)`)

/** Rows as a JSON array in the order given (the subquery's `ord` columns), `[]` when none. */
const jsonList = (rows: SQL, order: string) =>
  sql`coalesce((select json_agg(_x.item order by ${sql.raw(order)}) from (${rows}) _x), '[]')`

/** Pending deadlines of the students `whose` (a condition on `e.student_id`), from today for `days` days. */
const deadlinesSql = (whose: SQL, days: number, limit: number) =>
  jsonList(
    sql`select ${deadlineJson('e')} as item, e.deadline as d, _es.name as n, e.name as c from college_entries e
      join users _es on _es.id = e.student_id
      where ${whose} and e.status in ${pending} and e.deadline >= v.today and e.deadline < v.today + ${days}::int
      order by e.deadline, _es.name, e.name limit ${limit}`,
    '_x.d, _x.n, _x.c',
  )

/** The caller's caseload: active students whose team they are on. */
const caseload = (viewerId: string) => sql`(select tm.student_id from team_members tm
  join student_profiles _sp on _sp.user_id = tm.student_id and _sp.archived_at is null
  where tm.member_id = ${viewerId})`

const studentBlock = (viewerId: string) => sql`(select json_build_object('uuid', sp.user_id,
    'archived', sp.archived_at is not null,
    'tasks', case when sp.archived_at is null then ${jsonList(
      sql`select ${taskJson('t')} as item, t.due_date as d, t.created_at as c, t.id as i from tasks t ${taskJoins('t')}
        where t.student_id = sp.user_id and t.assignee_id = sp.user_id and t.status = 'open'
        order by t.due_date asc nulls last, t.created_at, t.id limit 20`,
      '_x.d nulls last, _x.c, _x.i',
    )} else '[]' end,
    'deadlines', case when sp.archived_at is null
      then ${deadlinesSql(sql`e.student_id = sp.user_id`, 366, 5)} else '[]' end)
  from student_profiles sp where sp.user_id = ${viewerId})`

const educatorBlock = (viewerId: string) => sql`json_build_object(
  'students', ${jsonList(
    sql`select json_build_object('name', u.name, 'uuid', u.id, 'sat', ${latestSatJson(sql`u.id`)},
        'act', ${latestActJson(sql`u.id`)}, 'targetSat', sp.target_sat, 'targetAct', sp.target_act) as item,
        u.name as n, u.id as i
      from team_members tm join student_profiles sp on sp.user_id = tm.student_id and sp.archived_at is null
      join users u on u.id = sp.user_id where tm.member_id = ${viewerId}`,
    '_x.n, _x.i',
  )},
  'deadlines', ${deadlinesSql(sql`e.student_id in ${caseload(viewerId)}`, CASELOAD_DEADLINE_DAYS, 50)},
  'notes', ${jsonList(
    sql`select json_build_object('uuid', n.id, 'studentUUID', n.student_id, 'studentName', _ns.name,
        'date', to_char(n.date, 'YYYY-MM-DD'), 'author', json_build_object('name', _na.name, 'uuid', _na.id),
        'visibility', n.visibility, 'excerpt', left(n.body, 160), 'createdAt', ${isoSql(sql`n.created_at`)}) as item,
        n.created_at as c, n.id as i
      from session_notes n join users _ns on _ns.id = n.student_id join users _na on _na.id = n.author_id
      where n.student_id in ${caseload(viewerId)} and n.created_at >= now() - ${RECENT_NOTE_DAYS}::int * interval '1 day'
      order by n.created_at desc, n.id limit 20`,
    '_x.c desc, _x.i',
  )},
  'overdueTasks', ${jsonList(
    sql`select ${taskJson('t')} as item, t.due_date as d, t.created_at as c, t.id as i from tasks t ${taskJoins('t')}
      where t.student_id in ${caseload(viewerId)} and t.status = 'open' and t.due_date < v.today
      order by t.due_date, t.created_at, t.id limit 50`,
    '_x.d, _x.c, _x.i',
  )})`

const missingAidWhere = (viewerId: string) => sql`e.student_id in ${caseload(viewerId)}
  and (e.cost_of_attendance is null or e.aid_offered is null) and e.status not in ('denied', 'withdrawn')`

const faoBlock = (viewerId: string) => sql`json_build_object(
  'missingAid', ${jsonList(
    sql`select json_build_object('uuid', e.id, 'studentUUID', e.student_id, 'studentName', _es.name,
        'college', e.name, 'round', e.round, 'deadline', to_char(e.deadline, 'YYYY-MM-DD'), 'status', e.status,
        'costOfAttendance', e.cost_of_attendance, 'aidOffered', e.aid_offered) as item,
        (e.status = 'admitted') as a, e.deadline as d, _es.name as n, e.id as i
      from college_entries e join users _es on _es.id = e.student_id where ${missingAidWhere(viewerId)}
      order by (e.status = 'admitted') desc, e.deadline nulls last, _es.name, e.id limit 50`,
    '_x.a desc, _x.d nulls last, _x.n, _x.i',
  )},
  'missingAidCount', (select count(*)::int from college_entries e where ${missingAidWhere(viewerId)}),
  'deadlines', ${deadlinesSql(sql`e.student_id in ${caseload(viewerId)}`, CASELOAD_DEADLINE_DAYS, 50)})`

const activeStudent = sql`e.student_id in (select user_id from student_profiles where archived_at is null)`

const adminBlock = sql`json_build_object('counts', json_build_object(
    'activeStudents', (select count(*)::int from student_profiles where archived_at is null),
    'openInquiries', (select count(*)::int from contact_requests where handled_at is null),
    'openInvites', (select count(*)::int from user_invites where used_at is null and expires_at > now()),
    'deadlinesThisWeek', (select count(*)::int from college_entries e where ${activeStudent}
      and e.status in ${pending} and e.deadline >= v.today and e.deadline < v.today + ${ADMIN_DEADLINE_DAYS}::int)),
  'deadlines', ${deadlinesSql(activeStudent, ADMIN_DEADLINE_DAYS, 20)})`

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
        order by _n.date desc, _n.created_at desc, _n.id desc limit 1)) as item, u.name as n, u.id as i
    from guardian_links gl
    join student_profiles sp on sp.user_id = gl.student_id and sp.archived_at is null
    join users u on u.id = sp.user_id
    where gl.guardian_id = ${viewerId} and ${guardianLinkCountsSql(sql`gl.accepted_at`, viewerId)}`,
    '_x.n, _x.i',
  )})`

interface RawChild {
  student: { name: string; uuid: string }
  relationship: string
  sat: RawSat | null
  act: RawAct | null
  nextDeadline: WeekDeadline | null
  nextTask: WeekTask | null
  note: SessionNote | null
}
interface RawCaseloadStudent {
  name: string
  uuid: string
  sat: RawSat | null
  act: RawAct | null
  targetSat: number | null
  targetAct: number | null
}
interface WeekRow {
  today: string
  student: WeekScreen['student'] | null
  educator: {
    students: RawCaseloadStudent[]
    deadlines: WeekDeadline[]
    notes: WeekNote[]
    overdueTasks: WeekTask[]
  } | null
  fao: { missingAid: MissingAid[]; missingAidCount: number; deadlines: WeekDeadline[] } | null
  admin: WeekScreen['admin'] | null
  guardian: { children: RawChild[] } | null
}

const none = sql`null`
const ROLE_ORDER = ['student', 'educator', 'fao', 'admin', 'guardian'] as const

/** The week's one statement for this viewer: a block for each role they hold, null for the others. */
export function weekSql(viewer: Viewer): SQL {
  const has = (role: Parameters<Viewer['roles']['has']>[0]) => viewer.roles.has(role)
  return sql`select to_char(v.today, 'YYYY-MM-DD') as today,
      ${has('student') ? studentBlock(viewer.id) : none} as student,
      ${has('educator') ? educatorBlock(viewer.id) : none} as educator,
      ${has('fao') ? faoBlock(viewer.id) : none} as fao,
      ${has('admin') ? adminBlock : none} as admin,
      ${has('guardian') ? guardianBlock(viewer.id) : none} as guardian
    from (select (now() at time zone u.time_zone)::date as today from users u where u.id = ${viewer.id}) v`
}

export async function weekScreen(db: DbOrTx, viewer: Viewer): Promise<WeekScreen> {
  // Named per mix of roles (one SQL text each): planning this statement costs more than running it.
  const name = `week:${ROLE_ORDER.filter((role) => viewer.roles.has(role)).join('+')}`
  const [row] = await selectRowsPrepared<WeekRow>(db, name, weekSql(viewer))
  const screen: WeekScreen = { today: row!.today }
  if (row!.student) screen.student = row!.student
  if (row!.educator) {
    const { students, ...rest } = row!.educator
    screen.educator = {
      ...rest,
      students: students.map(({ sat, act, ...student }) => ({
        ...student,
        latestSat: sat ? withSatCumulative(sat) : null,
        latestAct: act ? withActComposite(act) : null,
      })),
    }
  }
  if (row!.fao) screen.fao = row!.fao
  if (row!.admin) screen.admin = row!.admin
  if (row!.guardian) {
    screen.guardian = {
      children: row!.guardian.children.map(({ sat, act, note, ...child }) => ({
        ...child,
        latestSat: sat ? withSatCumulative(sat) : null,
        latestAct: act ? withActComposite(act) : null,
        newestSharedNote: note,
      })),
    }
  }
  return screen
}
