import { type SQL, sql } from 'drizzle-orm'
import type { PracticeAttempt } from '../../../shared/practice'
import { layoutOf } from '../../../shared/practice-layouts'
import type { SectionResult } from '../../../shared/practice-scoring'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows, selectRowsPrepared } from '../../db/raw'
import { fieldError, notFound } from '../../problems'
import { recordAudit } from '../audit/audit'
import { studentAccess } from '../students/record'
import { refuseOverCap } from '../students/record-caps'
import { requireRule } from '../students/record-rules'
import { isoSql, isUuid } from '../students/sql'

/**
 * Practice attempts on a student's record (docs/product.md#practice-tests): educators on the team
 * and admins assign a form, which adds the task "Take {form}" due that day; the record's readers
 * but the FAO read them. The answer sheet, the submission and the review are in answers.ts and
 * review.ts.
 */

export interface AttemptRow {
  id: string
  student_id: string
  form_id: string
  form_name: string
  test: PracticeAttempt['form']['test']
  format: PracticeAttempt['form']['format']
  status: PracticeAttempt['status']
  due_date: string | null
  task_id: string | null
  sat_score_id: string | null
  act_score_id: string | null
  assigned_by: { name: string; uuid: string }
  submitted_by: { name: string; uuid: string } | null
  created_at: string
  started_at: string | null
  submitted_at: string | null
  scores: { sections: SectionResult[]; total: number } | null
  skills: unknown
}

const attemptColumns = sql`a.id, a.student_id, a.form_id, f.name as form_name, f.test, f.format, a.status,
  to_char(a.due_date, 'YYYY-MM-DD') as due_date, a.task_id, a.sat_score_id, a.act_score_id,
  json_build_object('name', ab.name, 'uuid', ab.id) as assigned_by,
  case when sb.id is null then null else json_build_object('name', sb.name, 'uuid', sb.id) end as submitted_by,
  ${isoSql(sql`a.created_at`)} as created_at, ${isoSql(sql`a.started_at`)} as started_at,
  ${isoSql(sql`a.submitted_at`)} as submitted_at, a.scores, a.skills`
const attemptJoins = sql`practice_attempts a join practice_forms f on f.id = a.form_id
  join users ab on ab.id = a.assigned_by_id left join users sb on sb.id = a.submitted_by_id`

export function toAttempt(row: AttemptRow): PracticeAttempt {
  const layouts = layoutOf(row.test, row.format)
  return {
    uuid: row.id,
    studentUUID: row.student_id,
    form: { uuid: row.form_id, name: row.form_name, test: row.test, format: row.format },
    status: row.status,
    dueDate: row.due_date,
    taskUUID: row.task_id,
    assignedBy: row.assigned_by,
    createdAt: row.created_at,
    startedAt: row.started_at,
    submittedAt: row.submitted_at,
    submittedBy: row.submitted_by,
    scoreUUID: row.sat_score_id ?? row.act_score_id,
    scores: row.scores && {
      total: row.scores.total,
      sections: row.scores.sections.map((section) => ({
        ...section,
        label: layouts.find((layout) => layout.section === section.section)?.label ?? section.section,
      })),
    },
  }
}

/** One attempt of the student's; 404 when it is not theirs. */
export async function loadAttempt(db: DbOrTx, studentId: string, attemptId: string, lock = false) {
  if (!isUuid(attemptId)) throw notFound('No such practice attempt.')
  const [row] = await selectRows<AttemptRow>(
    db,
    sql`select ${attemptColumns} from ${attemptJoins} where a.id = ${attemptId} and a.student_id = ${studentId}
      ${lock ? sql`for update of a` : sql``}`,
  )
  if (!row) throw notFound('No such practice attempt.')
  return row
}

export async function readAttempts(db: DbOrTx, where: SQL): Promise<AttemptRow[]> {
  return selectRows<AttemptRow>(
    db,
    sql`select ${attemptColumns} from ${attemptJoins} where ${where} order by a.created_at desc, a.id`,
  )
}

/** The student's attempts, newest assignment first. */
export async function listAttempts(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
): Promise<PracticeAttempt[]> {
  requireRule(await studentAccess(db, viewer, studentId), 'practice.read')
  return (await readAttempts(db, sql`a.student_id = ${studentId}`)).map(toAttempt)
}

/** Assigns a form: the attempt and its task in one transaction, both audited. */
export async function assignForm(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  input: { formUUID: string; dueDate?: string | null | undefined },
): Promise<PracticeAttempt> {
  requireRule(await studentAccess(db, viewer, studentId), 'practice.assign')
  const dueDate = input.dueDate ?? null
  return db.transaction(async (tx) => {
    const [form] = await selectRowsPrepared<{ id: string; name: string }>(
      tx,
      'practice-form-name',
      sql`select id, name from practice_forms where id = ${input.formUUID}`,
    )
    if (!form) throw fieldError('formUUID', 'No such practice test.')
    await refuseOverCap(tx, studentId, 'tasks')
    const title = `Take ${form.name}`
    const [task] = await selectRows<{ id: string }>(
      tx,
      sql`insert into tasks (student_id, title, due_date, assignee_id, status, created_by_id)
        values (${studentId}, ${title}, ${dueDate}, ${studentId}, 'open', ${viewer.id}) returning id`,
    )
    const [attempt] = await selectRows<{ id: string }>(
      tx,
      sql`insert into practice_attempts (student_id, form_id, due_date, task_id, assigned_by_id)
        values (${studentId}, ${form.id}, ${dueDate}, ${task!.id}, ${viewer.id}) returning id`,
    )
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'task.created',
      subjectType: 'task',
      subjectId: task!.id,
      studentId,
      after: { title, details: null, dueDate, assigneeId: studentId, status: 'open' },
    })
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'practice-attempt.assigned',
      subjectType: 'practice_attempt',
      subjectId: attempt!.id,
      studentId,
      after: { formId: form.id, formName: form.name, dueDate, taskId: task!.id },
    })
    return toAttempt(await loadAttempt(tx, studentId, attempt!.id))
  })
}
