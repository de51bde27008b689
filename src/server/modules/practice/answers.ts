import { sql } from 'drizzle-orm'
import type { AnswersInput, AttemptStatus, PracticeAttemptDetail } from '../../../shared/practice'
import { layoutOf } from '../../../shared/practice-layouts'
import type { AccessOnRecord } from '../../../shared/record-rules'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows, writeRowsPrepared } from '../../db/raw'
import { conflict, fieldError, notFound } from '../../problems'
import { recordAudit } from '../audit/audit'
import { studentAccess } from '../students/record'
import { refuseOverCap } from '../students/record-caps'
import { requireRule } from '../students/record-rules'
import { isUuid } from '../students/sql'
import { loadAttempt } from './attempts'
import { loadForm } from './form-store'
import { attemptDetail } from './review'
import { answersOf, submitScored } from './scoring'

/**
 * The answer sheet's writes (docs/product.md#practice-tests): each answer is saved as it is given
 * (one statement: the answers kept only when every one fits its question, and the attempt then in
 * progress), and the submission scores the attempt. The student answers their own; educators on
 * the team and admins enter a paper sheet for them.
 */

const SUBMITTED = conflict('attempt-submitted', 'This attempt is submitted: its answers no longer change.')

/**
 * Saves answers (null: blank); all or none, each checked against its question by the database.
 * `access` is the viewer's on the record (read with the session).
 */
export async function saveAnswers(
  db: DbOrTx,
  access: AccessOnRecord,
  studentId: string,
  attemptId: string,
  input: AnswersInput,
): Promise<{ saved: number; status: AttemptStatus }> {
  requireRule(access, 'practice.answer')
  if (!isUuid(attemptId)) throw notFound('No such practice attempt.')
  const seen = new Map<string, number>()
  input.answers.forEach((entry, index) => {
    const key = `${entry.section}:${entry.number}`
    if (seen.has(key))
      throw fieldError(
        `answers.${index}.number`,
        `This question is already answer ${seen.get(key)! + 1} of this save.`,
      )
    seen.set(key, index)
  })
  // One statement, its own transaction: prepared once per connection on PostgreSQL.
  const [row] = await writeRowsPrepared<{ status: AttemptStatus | null; sent: number; saved: number }>(
    db,
    'practice-answers-save',
    // `for key share` waits for a submission in flight (which locks the attempt for update) and
    // then reads it submitted, so no answer lands after the attempt was scored.
    sql`with a as (select id, form_id, status from practice_attempts where id = ${attemptId} and student_id = ${studentId} for key share),
    v as (select * from jsonb_to_recordset(${JSON.stringify(input.answers)}::jsonb) as v(section text, number int, answer text)),
    ok as (select v.section, v.number, v.answer from v join a on a.status <> 'submitted'
      join practice_questions q on q.form_id = a.form_id and q.section = v.section and q.number = v.number
      where v.answer is null or (q.kind = 'choice' and length(v.answer) = 1 and strpos(q.letters, v.answer) > 0)
        or (q.kind = 'spr' and v.answer !~ '^[A-Z]$')),
    whole as (select (select count(*) from ok) = (select count(*) from v) as fits),
    up as (insert into practice_answers (attempt_id, section, number, answer)
      select (select id from a), ok.section, ok.number, ok.answer from ok where (select fits from whole)
      on conflict (attempt_id, section, number) do update set answer = excluded.answer, updated_at = now()
      returning 1),
    st as (update practice_attempts set status = 'in-progress', started_at = now(), updated_at = now()
      where id = (select id from a) and status = 'assigned' and (select fits from whole) returning 1)
    select (select case when a.status = 'assigned' and (select fits from whole) then 'in-progress' else a.status end from a) as status,
      (select count(*)::int from v) as sent, (select count(*)::int from up) as saved`,
  )
  if (!row?.status) throw notFound('No such practice attempt.')
  if (row.status === 'submitted') throw SUBMITTED
  if (row.saved < row.sent) await explainRefusal(db, studentId, attemptId, input)
  return { saved: row.saved, status: row.status }
}

/** The 400 naming the first answer that does not fit its question (the slow path of a refused save). */
async function explainRefusal(
  db: DbOrTx,
  studentId: string,
  attemptId: string,
  input: AnswersInput,
): Promise<never> {
  const attempt = await loadAttempt(db, studentId, attemptId)
  const form = await loadForm(db, attempt.form_id)
  input.answers.forEach((entry, index) => {
    const layout = layoutOf(form.test, form.format).find((l) => l.section === entry.section)
    const question = form.questions.find((q) => q.section === entry.section && q.number === entry.number)
    if (!layout || !question) {
      throw fieldError(
        `answers.${index}.number`,
        `This test has no question ${entry.number} in ${layout?.label ?? entry.section}.`,
      )
    }
    if (entry.answer === null) return
    if (question.kind === 'choice' && !question.letters.includes(entry.answer)) {
      throw fieldError(
        `answers.${index}.answer`,
        `Question ${entry.number} of ${layout.label} takes ${question.letters.split('').join(', ')}.`,
      )
    }
    if (question.kind === 'spr' && /^[A-Z]$/.test(entry.answer)) {
      throw fieldError(
        `answers.${index}.answer`,
        `Question ${entry.number} of ${layout.label} takes a number.`,
      )
    }
  })
  throw conflict('answers-not-saved', 'The answers were not saved: try again.')
}

/** Submits and scores an attempt, adds its entry to the score history and closes its task; all audited. */
export async function submitAttempt(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  attemptId: string,
): Promise<PracticeAttemptDetail> {
  requireRule(await studentAccess(db, viewer, studentId), 'practice.answer')
  return db.transaction(async (tx) => {
    const attempt = await loadAttempt(tx, studentId, attemptId, true)
    if (attempt.status === 'submitted') throw SUBMITTED
    const form = await loadForm(tx, attempt.form_id)
    // Its score entry counts toward the record's cap as any other.
    await refuseOverCap(tx, studentId, form.test === 'SAT' ? 'satScores' : 'actScores')
    const given = await answersOf(tx, attemptId)
    await submitScored(tx, viewer, { ...attempt, scores: null }, form, given)
    if (attempt.task_id) await closeTask(tx, viewer, studentId, attempt.task_id)
    return attemptDetail(tx, await loadAttempt(tx, studentId, attemptId), 'all', { form, given })
  })
}

/** Marks the attempt's task done, when it is still open. */
async function closeTask(tx: DbOrTx, viewer: Viewer, studentId: string, taskId: string) {
  const [task] = await selectRows<{
    title: string
    details: string | null
    due_date: string | null
    assignee_id: string
  }>(
    tx,
    sql`update tasks t set status = 'done', completed_at = now(), updated_at = now()
      where t.id = ${taskId} and t.status = 'open'
      returning t.title, t.details, to_char(t.due_date, 'YYYY-MM-DD') as due_date, t.assignee_id`,
  )
  if (!task) return
  const fields = {
    title: task.title,
    details: task.details,
    dueDate: task.due_date,
    assigneeId: task.assignee_id,
  }
  await recordAudit(tx, {
    actorId: viewer.id,
    action: 'task.updated',
    subjectType: 'task',
    subjectId: taskId,
    studentId,
    before: { ...fields, status: 'open' },
    after: { ...fields, status: 'done' },
  })
}
