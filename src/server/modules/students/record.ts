import { type SQL, sql } from 'drizzle-orm'
import { documentFilePath, type StudentDocument } from '../../../shared/documents'
import { type AccessOnRecord, may, type StudentAccess } from '../../../shared/record-rules'
import { superscores, withActComposite, withSatCumulative } from '../../../shared/scores'
import type { Student } from '../../../shared/students'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRowsPrepared } from '../../db/raw'
import { notFound } from '../../problems'
import {
  actScoresJson,
  isoTimestamp,
  isUuid,
  type RawAct,
  type RawSat,
  type RawUserSummary,
  satScoresJson,
  teamMemberJson,
  toUserSummary,
} from './sql'

/** What a viewer may do with one student's record: the rows of src/shared/record-rules.ts. */
export type { AccessOnRecord, StudentAccess }

interface RecordRow {
  id: string
  name: string
  archived: boolean
  viewer_on_team: boolean
  viewer_is_guardian: boolean
  team: RawUserSummary[]
  guardians: Array<{ name: string; uuid: string; relationship: string; email: string; accepted: boolean }>
  documents: Array<
    Omit<StudentDocument, 'creator' | 'studentUUID' | 'url' | 'file'> & {
      creatorName: string
      creatorId: string
      url: string | null
      fileName: string | null
      fileType: string | null
      fileSize: number | null
    }
  >
  sat: RawSat[]
  act: RawAct[]
  target_sat: number | null
  target_act: number | null
  target_sat_date: string | null
  target_act_date: string | null
  /** The extra column, when the read asked for one. */
  extra?: string
}

/**
 * Someone with two hats gets the wider access: staff on the team their staff access, an admin the
 * admin's. `viewerIsGuardian` comes from viewerIsGuardianSql, which already leaves out a link
 * nobody accepted when the viewer holds a staff or student profile.
 */
export function accessFor(
  viewer: Viewer,
  studentId: string,
  viewerOnTeam: boolean,
  viewerIsGuardian: boolean,
): StudentAccess | null {
  if (viewer.roles.has('admin')) return 'admin'
  if (viewerOnTeam && viewer.roles.has('educator')) return 'editor'
  if (viewerOnTeam && viewer.roles.has('fao')) return 'reader'
  if (viewer.id === studentId && viewer.roles.has('student')) return 'self'
  if (viewerIsGuardian && viewer.roles.has('guardian')) return 'guardian'
  return null
}

/**
 * Whether a guardian link (its `accepted_at`) gives its guardian family access. A link nobody
 * accepted (an educator made it at once, before acceptance existed) counts only for an account
 * with no staff or student profile: never for staff or a student (docs/product.md#guardians).
 */
export const guardianLinkCountsSql = (acceptedAt: SQL, guardianId: string | SQL) =>
  sql`(${acceptedAt} is not null or not (
      exists(select 1 from admin_profiles where user_id = ${guardianId})
      or exists(select 1 from educator_profiles where user_id = ${guardianId})
      or exists(select 1 from fao_profiles where user_id = ${guardianId})
      or exists(select 1 from student_profiles where user_id = ${guardianId})))`

/** Whether the viewer is a linked guardian of the student (SQL, for one-query reads). */
export const viewerIsGuardianSql = (studentId: SQL, viewerId: string | SQL) =>
  sql`exists(select 1 from guardian_links _vgl where _vgl.student_id = ${studentId}
    and _vgl.guardian_id = ${viewerId} and ${guardianLinkCountsSql(sql`_vgl.accepted_at`, viewerId)})`

/**
 * Whether the user may read the student's record, in SQL: `accessFor`'s rule, for queries that
 * reach records other than through the record (assigned tasks, the calendar feed, reminders), so
 * that someone who left the team, lost their role or their guardian link sees nothing of it there.
 */
export const mayReadRecordSql = (studentId: SQL, userId: SQL) => sql`(
  exists(select 1 from admin_profiles where user_id = ${userId})
  or (exists(select 1 from team_members where student_id = ${studentId} and member_id = ${userId})
    and (exists(select 1 from educator_profiles where user_id = ${userId})
      or exists(select 1 from fao_profiles where user_id = ${userId})))
  or (${studentId} = ${userId} and exists(select 1 from student_profiles where user_id = ${userId}))
  or (${viewerIsGuardianSql(studentId, userId)}
    and exists(select 1 from guardian_profiles where user_id = ${userId})))`

/** The student's guardians as JSON, by name. */
export const guardiansJson = (studentId: SQL) => sql`coalesce((select json_agg(json_build_object(
    'name', _g.name, 'uuid', _g.id, 'relationship', _gl.relationship, 'email', _g.email,
    'accepted', _gl.accepted_at is not null) order by _g.name, _g.id)
  from guardian_links _gl join users _g on _g.id = _gl.guardian_id where _gl.student_id = ${studentId}), '[]')`

/**
 * More columns a record read may carry, computed over the student's id in the same statement
 * (`name` names the statement that carries them: one SQL text per name).
 */
export interface ExtraColumn {
  name: string
  sql: (studentId: SQL) => SQL
}

/** One query: the student, the viewer's place on the team, the team, guardians, documents and scores. */
async function loadRecordRow(db: DbOrTx, studentId: string, viewerId: string, extra?: ExtraColumn) {
  const [row] = await selectRowsPrepared<RecordRow>(
    db,
    extra ? `student-record:${extra.name}` : 'student-record',
    sql`
    select u.id, u.name, sp.archived_at is not null as archived, sp.target_sat, sp.target_act,
      to_char(sp.target_sat_date, 'YYYY-MM-DD') as target_sat_date, to_char(sp.target_act_date, 'YYYY-MM-DD') as target_act_date,
      exists(select 1 from team_members where student_id = u.id and member_id = ${viewerId}) as viewer_on_team,
      ${viewerIsGuardianSql(sql`u.id`, viewerId)} as viewer_is_guardian,
      coalesce((select json_agg(${teamMemberJson('_m')} order by _m.name, _m.id)
        from team_members _tm join users _m on _m.id = _tm.member_id where _tm.student_id = u.id), '[]') as team,
      ${guardiansJson(sql`u.id`)} as guardians,
      coalesce((select json_agg(json_build_object('uuid', _d.id, 'creatorName', _c.name, 'creatorId', _c.id,
          'createdAt', _d.created_at, 'updatedAt', _d.updated_at, 'hidden', _d.hidden, 'pinned', _d.pinned,
          'name', _d.name, 'url', _d.url, 'fileName', _d.file_name, 'fileType', _d.file_type,
          'fileSize', _d.file_size) order by _d.pinned desc, _d.created_at desc, _d.id)
        from documents _d join users _c on _c.id = _d.creator_id where _d.student_id = u.id), '[]') as documents,
      ${satScoresJson(sql`u.id`)} as sat,
      ${actScoresJson(sql`u.id`)} as act
      ${extra ? sql`, ${extra.sql(sql`u.id`)} as extra` : sql``}
    from student_profiles sp join users u on u.id = sp.user_id
    where sp.user_id = ${studentId}`,
  )
  return row
}

/**
 * The student record as this viewer may see it; 404 when it does not exist or is not theirs to
 * see. With `extra`, that column's value too, read by the same statement.
 */
export async function getStudent(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  extra?: ExtraColumn,
): Promise<{ student: Student; access: StudentAccess; extra?: string }> {
  if (!isUuid(studentId)) throw notFound('No such student.')
  const row = await loadRecordRow(db, studentId, viewer.id, extra)
  const access = row ? accessFor(viewer, row.id, row.viewer_on_team, row.viewer_is_guardian) : null
  if (!row || !access) throw notFound('No such student.')
  const seesHidden = may(access, 'documents.readHidden')
  const documents = row.documents
    .filter((document) => seesHidden || !document.hidden)
    .map(({ creatorName, creatorId, fileName, fileType, fileSize, ...document }) => ({
      ...document,
      url: document.url ?? documentFilePath(row.id, document.uuid),
      file: fileName ? { name: fileName, type: fileType!, size: Number(fileSize) } : null,
      studentUUID: row.id,
      creator: { name: creatorName, uuid: creatorId },
      createdAt: isoTimestamp(document.createdAt),
      updatedAt: isoTimestamp(document.updatedAt),
    }))
  return {
    access,
    extra: row.extra,
    student: {
      uuid: row.id,
      name: row.name,
      archived: row.archived,
      team: row.team.map(toUserSummary),
      guardians: row.guardians.map(({ email, accepted, ...guardian }) => ({
        ...guardian,
        ...(may(access, 'record.readGuardianEmails') ? { email } : {}),
        // Admins only: a link made at once that the person never accepted (docs/product.md#guardians).
        ...(access === 'admin' && !accepted ? { notAccepted: true } : {}),
      })),
      documents,
      satScoresHistorical: row.sat.map(withSatCumulative),
      actScoresHistorical: row.act.map(withActComposite),
      superscores: superscores(row.sat, row.act),
      superscoresAll: superscores(row.sat, row.act, { officialOnly: false }),
      targets: {
        sat: row.target_sat,
        act: row.target_act,
        ...(row.target_sat_date ? { satDate: row.target_sat_date } : {}),
        ...(row.target_act_date ? { actDate: row.target_act_date } : {}),
      },
    },
  }
}

/**
 * The viewer's access to a student, and whether the record is archived, without loading the
 * record (writes use this; `requireRule` refuses the family's changes to an archived record).
 */
export async function studentAccess(db: DbOrTx, viewer: Viewer, studentId: string): Promise<AccessOnRecord> {
  const { access, archived } = await loadAccess(db, viewer, studentId)
  return { kind: access, archived }
}

/**
 * The viewer's access to a student and one extra column over the record, in one small query (the
 * answers kept between writes ask it for the record's versions).
 */
export async function studentAccessWith(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  extra: ExtraColumn,
): Promise<{ access: StudentAccess; extra: string }> {
  const { access, extra: value } = await loadAccess(db, viewer, studentId, extra)
  return { access, extra: value! }
}

async function loadAccess(db: DbOrTx, viewer: Viewer, studentId: string, extra?: ExtraColumn) {
  if (!isUuid(studentId)) throw notFound('No such student.')
  const [row] = await selectRowsPrepared<{
    id: string
    viewer_on_team: boolean
    viewer_is_guardian: boolean
    archived: boolean
    extra?: string
  }>(
    db,
    extra ? `student-access:${extra.name}` : 'student-access',
    sql`select sp.user_id as id, sp.archived_at is not null as archived,
      exists(select 1 from team_members where student_id = sp.user_id and member_id = ${viewer.id}) as viewer_on_team,
      ${viewerIsGuardianSql(sql`sp.user_id`, viewer.id)} as viewer_is_guardian
      ${extra ? sql`, ${extra.sql(sql`sp.user_id`)} as extra` : sql``}
    from student_profiles sp where sp.user_id = ${studentId}`,
  )
  const access = row ? accessFor(viewer, row.id, row.viewer_on_team, row.viewer_is_guardian) : null
  if (!row || !access) throw notFound('No such student.')
  return { access, archived: row.archived, extra: row.extra }
}
