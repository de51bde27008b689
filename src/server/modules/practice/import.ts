import { z } from 'zod'
import { type PracticeForm, type PracticeFormInput, practiceFormInputSchema } from '../../../shared/practice'
import type { practiceImportBodySchema, practiceImportPreviewSchema } from '../../../shared/practice-import'
import { layoutOf, type SectionLayout } from '../../../shared/practice-layouts'
import type { Viewer } from '../../auth/viewer'
import { readCsv } from '../../csv'
import type { DbOrTx } from '../../db/client'
import { badRequest, fieldError } from '../../problems'
import { createForm, requireFormAdmin } from './forms'

/**
 * A form from two CSV files, with the people import's flow (docs/product.md#practice-tests): the
 * preview checks every row and names the row and column of each problem, then the import saves
 * the form when there is none. Questions: `section, number, answer, skill` (several accepted
 * values of a response separated by ";"); tables: `section, raw, scaled` or `scaled_low, scaled_high`.
 */

type ImportBody = z.infer<typeof practiceImportBodySchema>
type Preview = z.infer<typeof practiceImportPreviewSchema>
type Problem = Preview['problems'][number]
type File = Problem['file']
const FILE_FIELD: Record<File, string> = { questions: 'questionsCsv', scale: 'scaleCsv' }
const MAX_ROWS = 400

/** A file's rows as records keyed by its header, in lower case with `_` for spaces. */
const readRecords = (text: string, file: File) =>
  readCsv<Record<string, string>>(text, FILE_FIELD[file], (header: string[]) =>
    header.map((cell) => cell.trim().toLowerCase().replace(/\s+/g, '_')),
  )

function requireColumns(rows: Array<Record<string, string>>, file: File, needed: string[]) {
  if (rows.length === 0) throw fieldError(FILE_FIELD[file], 'The file has no rows under its header.')
  if (rows.length > MAX_ROWS) throw fieldError(FILE_FIELD[file], `Use at most ${MAX_ROWS} rows.`)
  const missing = needed.filter((column) => !(column in rows[0]!))
  if (missing.length > 0) {
    throw fieldError(
      FILE_FIELD[file],
      `The first row must name the columns ${needed.join(', ')}; missing: ${missing.join(', ')}.`,
    )
  }
}

const sectionOf = (layouts: readonly SectionLayout[], cell: string | undefined) => {
  const wanted = (cell ?? '').trim().toLowerCase()
  return layouts.find((layout) => layout.section === wanted || layout.label.toLowerCase() === wanted)
}
const wholeCell = z.coerce.number().int().min(0)

interface Placed {
  row: number
}

/** Reads both files into a form input, with each row's problems; rows keep their line for later problems. */
function readFiles(body: ImportBody) {
  const layouts = layoutOf(body.test, body.format)
  const problems: Problem[] = []
  // Where a row was left out for its problem: a section's count or sequence there is not known.
  const leftOut = new Set<string>()
  const problem = (
    file: File,
    row: number | null,
    column: string | null,
    message: string,
    section: string | null = null,
  ) => {
    problems.push({ file, row, column, message })
    leftOut.add(`${file}:${section ?? '*'}`)
  }
  const questionRows = readRecords(body.questionsCsv, 'questions')
  requireColumns(questionRows, 'questions', ['section', 'number', 'answer', 'skill'])
  const scaleRows = readRecords(body.scaleCsv, 'scale')
  requireColumns(scaleRows, 'scale', ['section', 'raw'])
  const questions = new Map<
    string,
    Array<PracticeFormInput['sections'][number]['questions'][number] & Placed>
  >()
  for (const [index, cells] of questionRows.entries()) {
    const row = index + 2
    const layout = sectionOf(layouts, cells.section)
    if (!layout) {
      problem('questions', row, 'section', `Use one of ${layouts.map((l) => l.label).join(', ')}.`)
      continue
    }
    const number = wholeCell.safeParse(cells.number)
    if (!number.success || number.data < 1) {
      problem('questions', row, 'number', 'Use a question number from 1.', layout.section)
      continue
    }
    const answers = (cells.answer ?? '')
      .split(';')
      .map((part) => part.trim().toUpperCase())
      .filter(Boolean)
    if (answers.length === 0) {
      problem('questions', row, 'answer', 'This field is required.', layout.section)
      continue
    }
    const letters = layout.letters(number.data)
    const spr = layout.allowsSpr && !answers.every((answer) => letters.includes(answer))
    const skill = layout.skills.find(
      (name) => name.toLowerCase() === (cells.skill ?? '').trim().toLowerCase(),
    )
    if (!skill) {
      problem(
        'questions',
        row,
        'skill',
        `Use a ${layout.label} skill: ${layout.skills.join('; ')}.`,
        layout.section,
      )
      continue
    }
    const list = questions.get(layout.section) ?? []
    if (list.some((question) => question.number === number.data)) {
      problem(
        'questions',
        row,
        'number',
        `${layout.label} question ${number.data} is already on row ${list.find((q) => q.number === number.data)!.row}.`,
        layout.section,
      )
      continue
    }
    list.push({ row, number: number.data, kind: spr ? 'spr' : 'choice', answers, skill })
    questions.set(layout.section, list)
  }
  const scale = new Map<string, Array<{ raw: number; scaledLow: number; scaledHigh: number } & Placed>>()
  for (const [index, cells] of scaleRows.entries()) {
    const row = index + 2
    const layout = sectionOf(layouts, cells.section)
    if (!layout) {
      problem('scale', row, 'section', `Use one of ${layouts.map((l) => l.label).join(', ')}.`)
      continue
    }
    const raw = wholeCell.safeParse(cells.raw)
    if (!raw.success) {
      problem('scale', row, 'raw', 'Use a whole number from 0.', layout.section)
      continue
    }
    const single = cells.scaled ? wholeCell.safeParse(cells.scaled) : null
    const low = single ?? wholeCell.safeParse(cells.scaled_low)
    const high = single ?? wholeCell.safeParse(cells.scaled_high)
    if (!low.success) {
      problem('scale', row, single ? 'scaled' : 'scaled_low', 'Use a whole number.', layout.section)
      continue
    }
    if (!high.success) {
      problem('scale', row, 'scaled_high', 'Use a whole number.', layout.section)
      continue
    }
    const list = scale.get(layout.section) ?? []
    list.push({ row, raw: raw.data, scaledLow: low.data, scaledHigh: high.data })
    scale.set(layout.section, list)
  }
  const sections = layouts
    .filter((layout) => questions.has(layout.section) || scale.has(layout.section))
    .map((layout) => ({
      section: layout.section,
      questions: (questions.get(layout.section) ?? []).sort((a, b) => a.number - b.number),
      scale: (scale.get(layout.section) ?? []).sort((a, b) => a.raw - b.raw),
    }))
  return { problems, sections, leftOut }
}

/** The form the files make, or every problem with its row and column. */
export function previewImport(viewer: Viewer, body: ImportBody): Preview {
  requireFormAdmin(viewer)
  const { problems, sections, leftOut } = readFiles(body)
  const input = {
    name: body.name,
    test: body.test,
    format: body.test === 'ACT' ? (body.format ?? null) : null,
    sections: sections.map((section) => ({
      section: section.section,
      questions: section.questions.map(({ row: _row, ...question }) => question),
      scale: section.scale.map(({ row: _row, ...row }) => row),
    })),
  }
  // The rows that read are checked by the form's rules in the same preview, so that one round
  // lists every problem; a rule about a whole section, or a row's place in it, is not said where a
  // row of that section was left out, as that row may be what it misses.
  const parsed = practiceFormInputSchema.safeParse(input)
  if (parsed.success && problems.length === 0)
    return { problems: [], form: { ...parsed.data, format: parsed.data.format ?? null } }
  for (const issue of parsed.error?.issues ?? []) {
    const [, s, list, index, field] = issue.path as [string, number?, string?, number?, string?]
    const section = s === undefined ? undefined : sections[s]
    const file: File = list === 'scale' ? 'scale' : 'questions'
    const placed =
      section && index !== undefined
        ? (list === 'scale' ? section.scale : section.questions)[index]
        : undefined
    const column =
      field === 'scaledLow' ? 'scaled_low' : field === 'scaledHigh' ? 'scaled_high' : (field ?? null)
    const unsure = section
      ? leftOut.has(`${file}:*`) || leftOut.has(`${file}:${section.section}`)
      : [...leftOut].some((key) => key.startsWith(`${file}:`))
    // A question's number or a table's raw count is checked against its neighbours: with a row
    // left out of the section, each later one would be named for that one gap.
    if (unsure && (!placed || column === 'number' || column === 'raw')) continue
    problems.push({
      file,
      row: placed?.row ?? null,
      column: placed ? (column === 'answers' || column === 'kind' ? 'answer' : column) : null,
      message: issue.message,
    })
  }
  const order = (problem: Problem) => (problem.file === 'questions' ? 0 : 1e6) + (problem.row ?? 0)
  return { problems: problems.sort((a, b) => order(a) - order(b)), form: null }
}

/** Saves the form the files make; 400 listing each problem's row and column when there is one. */
export async function importForm(db: DbOrTx, viewer: Viewer, body: ImportBody): Promise<PracticeForm> {
  const preview = previewImport(viewer, body)
  if (!preview.form) {
    throw badRequest(
      preview.problems.map((p) => ({
        path: FILE_FIELD[p.file],
        message: `${p.row ? `Row ${p.row}${p.column ? `, ${p.column}` : ''}: ` : ''}${p.message}`,
      })),
      'The files have problems: see the preview.',
    )
  }
  return createForm(db, viewer, preview.form)
}
