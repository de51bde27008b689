import { sql } from 'drizzle-orm'
import { userRoleLabels } from '../../../shared/roles'
import type { MyDashboard, UserProfileScreen } from '../../../shared/screens'
import { DELETED_USER_ID } from '../../../shared/users'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { HttpProblem, notFound } from '../../problems'
import { guardianCards } from '../guardians/dashboard'
import { teamStudentsWithLatest } from './lists'
import { getStudent, guardianLinkCountsSql } from './record'
import { isUuid } from './sql'

export async function myDashboard(db: DbOrTx, viewer: Viewer): Promise<MyDashboard> {
  const screen: MyDashboard = { name: viewer.name }
  if (viewer.roles.has('student')) screen.student = (await getStudent(db, viewer, viewer.id)).student
  if (viewer.roles.has('educator') || viewer.roles.has('fao')) {
    screen.students = await teamStudentsWithLatest(db, viewer.id)
  }
  if (viewer.roles.has('guardian')) screen.guardianOf = await guardianCards(db, viewer.id)
  return screen
}

interface ProfileRow {
  id: string
  name: string
  bio: string | null
  is_student: boolean
  is_admin: boolean
  is_fao: boolean
  is_guardian: boolean
  on_my_team: boolean
  i_am_on_their_team: boolean
  teammates: boolean
  my_family: boolean
}

/**
 * Who may see X's profile (docs/product.md#permissions): admins; X themself; a student sees
 * their own team's members; staff see students whose team they are on and their fellow members
 * there. Families: a guardian sees their students and those students' team members; the student
 * and the student's staff see the student's guardians.
 */
export async function userProfileScreen(
  db: DbOrTx,
  viewer: Viewer,
  userId: string,
): Promise<UserProfileScreen> {
  const id = userId === 'me' ? viewer.id : userId
  // The stand-in for deleted people has no profile page.
  if (!isUuid(id) || id === DELETED_USER_ID) throw notFound('No such user.')
  const [row] = await selectRows<ProfileRow>(
    db,
    sql`select u.id, u.name, ep.bio,
      exists(select 1 from student_profiles where user_id = u.id) as is_student,
      exists(select 1 from admin_profiles where user_id = u.id) as is_admin,
      exists(select 1 from fao_profiles where user_id = u.id) as is_fao,
      exists(select 1 from guardian_profiles where user_id = u.id) as is_guardian,
      exists(select 1 from team_members where student_id = ${viewer.id} and member_id = u.id) as on_my_team,
      exists(select 1 from team_members where student_id = u.id and member_id = ${viewer.id}) as i_am_on_their_team,
      exists(select 1 from team_members a join team_members b on a.student_id = b.student_id
        where a.member_id = ${viewer.id} and b.member_id = u.id) as teammates,
      exists(select 1 from guardian_links gl where gl.guardian_id = ${viewer.id}
          and ${guardianLinkCountsSql(sql`gl.accepted_at`, viewer.id)} and (gl.student_id = u.id or exists(select 1 from team_members tm
            where tm.student_id = gl.student_id and tm.member_id = u.id)))
        or exists(select 1 from guardian_links gl where gl.guardian_id = u.id
          and ${guardianLinkCountsSql(sql`gl.accepted_at`, sql`u.id`)} and (gl.student_id = ${viewer.id} or exists(select 1 from team_members tm
            where tm.student_id = gl.student_id and tm.member_id = ${viewer.id}))) as my_family
    from users u left join educator_profiles ep on ep.user_id = u.id where u.id = ${id}`,
  )
  const isStaff = viewer.roles.has('educator') || viewer.roles.has('fao')
  const visible =
    row &&
    (viewer.roles.has('admin') ||
      row.id === viewer.id ||
      (viewer.roles.has('student') && row.on_my_team) ||
      (isStaff && (row.i_am_on_their_team || row.teammates)) ||
      row.my_family)
  if (!row || !visible) throw notFound('No such user.')
  const profiles = {
    profileAdmin: row.is_admin ? {} : null,
    profileEducator: row.bio === null ? null : { bio: row.bio },
    profileFao: row.is_fao ? {} : null,
    profileStudent: row.is_student ? {} : null,
    profileGuardian: row.is_guardian ? {} : null,
  }
  const screen: UserProfileScreen = { name: row.name, uuid: row.id, roles: userRoleLabels(profiles) }
  if (row.bio !== null) screen.bio = row.bio
  if (row.is_student) {
    const student = await getStudent(db, viewer, row.id).catch((error: unknown) => {
      if (error instanceof HttpProblem && error.status === 404) return null
      throw error
    })
    if (student) screen.student = student.student
  }
  return screen
}
