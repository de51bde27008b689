import { sql } from 'drizzle-orm'
import type { PracticeForm, PracticeFormInput } from '../../../shared/practice'
import { type ActFormat, layoutOf, type PracticeTest } from '../../../shared/practice-layouts'
import type { KeyQuestion, ScoredForm } from '../../../shared/practice-scoring'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { notFound } from '../../problems'
import { isoSql, isUuid } from '../students/sql'

/** A form as stored: its questions (with their key) and tables, for scoring and for reads. */
export interface StoredForm extends ScoredForm {
  id: string
  name: string
  createdBy: { name: string; uuid: string }
  updatedAt: string
  attempts: number
  questions: Array<KeyQuestion & { letters: string }>
}

/** Reads a form with its key; 404 when there is none. */
export async function loadForm(db: DbOrTx, formId: string): Promise<StoredForm> {
  if (!isUuid(formId)) throw notFound('No such practice test.')
  const [row] = await selectRows<StoredForm & { format: ActFormat | null }>(
    db,
    sql`select f.id, f.name, f.test, f.format, ${isoSql(sql`f.updated_at`)} as "updatedAt",
      json_build_object('name', c.name, 'uuid', c.id) as "createdBy",
      (select count(*)::int from practice_attempts a where a.form_id = f.id) as attempts,
      coalesce((select json_agg(json_build_object('section', q.section, 'number', q.number, 'kind', q.kind,
          'letters', q.letters, 'answers', q.answers, 'skill', q.skill) order by q.number)
        from practice_questions q where q.form_id = f.id), '[]') as questions,
      coalesce((select json_agg(json_build_object('section', s.section, 'raw', s.raw,
          'scaledLow', s.scaled_low, 'scaledHigh', s.scaled_high) order by s.raw)
        from practice_scale_rows s where s.form_id = f.id), '[]') as scale
    from practice_forms f join users c on c.id = f.created_by_id where f.id = ${formId}`,
  )
  if (!row) throw notFound('No such practice test.')
  return row
}

/** Replaces a form's questions and tables with the input's, in the caller's transaction. */
export async function writeSections(tx: DbOrTx, formId: string, input: PracticeFormInput): Promise<void> {
  const layouts = layoutOf(input.test, input.format)
  const questions = input.sections.flatMap((section) => {
    const layout = layouts.find((entry) => entry.section === section.section)!
    return section.questions.map((question) => ({
      section: section.section,
      number: question.number,
      kind: question.kind,
      letters: question.kind === 'choice' ? layout.letters(question.number).join('') : '',
      answers: question.answers,
      skill: question.skill,
    }))
  })
  const scale = input.sections.flatMap((section) =>
    section.scale.map((row) => ({ section: section.section, ...row })),
  )
  await tx.execute(sql`delete from practice_questions where form_id = ${formId}`)
  await tx.execute(sql`delete from practice_scale_rows where form_id = ${formId}`)
  await tx.execute(sql`insert into practice_questions (form_id, section, number, kind, letters, answers, skill)
    select ${formId}, q.section, q.number, q.kind, q.letters, q.answers, q.skill
    from jsonb_to_recordset(${JSON.stringify(questions)}::jsonb)
      as q(section text, number int, kind text, letters text, answers text[], skill text)`)
  await tx.execute(sql`insert into practice_scale_rows (form_id, section, raw, scaled_low, scaled_high)
    select ${formId}, s.section, s.raw, s."scaledLow", s."scaledHigh"
    from jsonb_to_recordset(${JSON.stringify(scale)}::jsonb)
      as s(section text, raw int, "scaledLow" int, "scaledHigh" int)`)
}

/** The form as the API shows it; the key only when `withKey` (an admin editing forms). */
export function toPracticeForm(form: StoredForm, withKey: boolean): PracticeForm {
  const layouts = layoutOf(form.test, form.format)
  const sections = layouts
    .filter((layout) => form.questions.some((question) => question.section === layout.section))
    .map((layout) => ({
      section: layout.section,
      label: layout.label,
      minutes: layout.minutes,
      questions: form.questions
        .filter((question) => question.section === layout.section)
        .map((question) => ({
          number: question.number,
          kind: question.kind,
          letters: question.letters.split(''),
          skill: question.skill,
          ...(withKey ? { answers: [...question.answers] } : {}),
        })),
      scale: form.scale
        .filter((row) => row.section === layout.section)
        .map(({ raw, scaledLow, scaledHigh }) => ({ raw, scaledLow, scaledHigh })),
    }))
  return {
    uuid: form.id,
    name: form.name,
    test: form.test,
    format: form.format,
    sections,
    attempts: form.attempts,
    updatedAt: form.updatedAt,
    createdBy: form.createdBy,
  }
}

export const auditedForm = (form: { name: string; test: PracticeTest; format: ActFormat | null }) => ({
  name: form.name,
  test: form.test,
  format: form.format,
})
