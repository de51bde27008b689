import { sql } from 'drizzle-orm'
import type { PracticeForm, PracticeFormInput } from '../../../shared/practice'
import { layoutOf } from '../../../shared/practice-layouts'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { conflict, forbidden, notFound } from '../../problems'
import { recordAudit } from '../audit/audit'
import { isoSql } from '../students/sql'
import { auditedForm, loadForm, toPracticeForm, writeSections } from './form-store'
import { rescoreForm } from './scoring'

/**
 * Practice forms (docs/product.md#practice-tests): admins add, correct and delete them; educators
 * read them (without the key) to assign them. An FAO is refused (403); anyone else is told they do
 * not exist (404), as for staff-only things.
 */

export function requireFormReader(viewer: Viewer): void {
  if (viewer.roles.has('admin') || viewer.roles.has('educator')) return
  if (viewer.roles.has('fao')) throw forbidden('Financial-aid officers do not see practice tests.')
  throw notFound()
}

export function requireFormAdmin(viewer: Viewer): void {
  requireFormReader(viewer)
  if (!viewer.roles.has('admin')) throw forbidden('Only admins add and change practice tests.')
}

interface SummaryRow {
  id: string
  name: string
  test: PracticeForm['test']
  format: PracticeForm['format']
  sections: Array<{ section: string; questions: number }>
  attempts: number
  updated_at: string
}

export async function listForms(db: DbOrTx, viewer: Viewer) {
  requireFormReader(viewer)
  const rows = await selectRows<SummaryRow>(
    db,
    sql`select f.id, f.name, f.test, f.format, ${isoSql(sql`f.updated_at`)} as updated_at,
      (select count(*)::int from practice_attempts a where a.form_id = f.id) as attempts,
      coalesce((select json_agg(json_build_object('section', q.section, 'questions', q.n))
        from (select section, count(*)::int as n from practice_questions where form_id = f.id group by section) q), '[]') as sections
    from practice_forms f order by lower(f.name), f.created_at, f.id`,
  )
  return rows.map((row) => ({
    uuid: row.id,
    name: row.name,
    test: row.test,
    format: row.format,
    sections: layoutOf(row.test, row.format).flatMap((layout) => {
      const stored = row.sections.find((section) => section.section === layout.section)
      if (!stored) return []
      return [
        {
          section: layout.section,
          label: layout.label,
          minutes: layout.minutes,
          questions: stored.questions,
        },
      ]
    }),
    attempts: row.attempts,
    updatedAt: row.updated_at,
  }))
}

/** A form; its key only for admins, who edit it. */
export async function getForm(db: DbOrTx, viewer: Viewer, formId: string): Promise<PracticeForm> {
  requireFormReader(viewer)
  return toPracticeForm(await loadForm(db, formId), viewer.roles.has('admin'))
}

export async function createForm(
  db: DbOrTx,
  viewer: Viewer,
  input: PracticeFormInput,
): Promise<PracticeForm> {
  requireFormAdmin(viewer)
  const format = input.test === 'ACT' ? (input.format ?? null) : null
  return db.transaction(async (tx) => {
    const [inserted] = await selectRows<{ id: string }>(
      tx,
      sql`insert into practice_forms (name, test, format, created_by_id)
        values (${input.name}, ${input.test}, ${format}, ${viewer.id}) returning id`,
    )
    await writeSections(tx, inserted!.id, input)
    const form = await loadForm(tx, inserted!.id)
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'practice-form.created',
      subjectType: 'practice_form',
      subjectId: form.id,
      after: auditedForm(form),
    })
    return toPracticeForm(form, true)
  })
}

/**
 * Replaces a form. A form with attempts keeps its test and format; a corrected key or table
 * rescoring every submitted attempt (and its entry in the score history), each audited.
 */
export async function updateForm(
  db: DbOrTx,
  viewer: Viewer,
  formId: string,
  input: PracticeFormInput,
): Promise<PracticeForm & { rescoredAttempts: number }> {
  requireFormAdmin(viewer)
  const format = input.test === 'ACT' ? (input.format ?? null) : null
  return db.transaction(async (tx) => {
    const before = await loadForm(tx, formId)
    await tx.execute(sql`select 1 from practice_forms where id = ${formId} for update`)
    if (before.attempts > 0 && (before.test !== input.test || before.format !== format)) {
      throw conflict('form-has-attempts', 'A practice test with attempts keeps its test and format.')
    }
    await tx.execute(sql`update practice_forms set name = ${input.name}, test = ${input.test}, format = ${format},
      updated_at = now() where id = ${formId}`)
    await writeSections(tx, formId, input)
    const after = await loadForm(tx, formId)
    const rescored = await rescoreForm(tx, viewer, after)
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'practice-form.updated',
      subjectType: 'practice_form',
      subjectId: formId,
      before: auditedForm(before),
      after: { ...auditedForm(after), rescoredAttempts: rescored },
    })
    return { ...toPracticeForm(after, true), rescoredAttempts: rescored }
  })
}

/** Deletes a form no student has been assigned (attempts keep the forms they were taken on). */
export async function deleteForm(db: DbOrTx, viewer: Viewer, formId: string): Promise<void> {
  requireFormAdmin(viewer)
  await db.transaction(async (tx) => {
    const form = await loadForm(tx, formId)
    if (form.attempts > 0) {
      throw conflict('form-has-attempts', 'This practice test has attempts: it cannot be deleted.')
    }
    await tx.execute(sql`delete from practice_forms where id = ${formId}`)
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'practice-form.deleted',
      subjectType: 'practice_form',
      subjectId: formId,
      before: auditedForm(form),
    })
  })
}
