import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PracticeForm } from '../../src/shared/practice'
import { layoutOf } from '../../src/shared/practice-layouts'
import { keyOf, scaleOf } from '../helpers/practice-forms'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'

/** A form from two CSV files: the preview's row-and-column problems, then the import. */
let t: TestApp
let admin: SignedIn
let educator: SignedIn

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.userWith({ roles: ['admin'] })
  educator = await t.userWith({ roles: ['educator'] })
})
afterAll(() => t.close())

const quote = (cell: string) => (/[",]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)

/** The enhanced ACT's files (science left out), labels as people type them. */
function files() {
  const layouts = layoutOf('ACT', 'enhanced').filter((layout) => layout.section !== 'science')
  const questions = ['section,number,answer,skill']
  const scale = ['Section,Raw,Scaled']
  for (const layout of layouts) {
    for (let number = 1; number <= layout.questions; number += 1) {
      const answer = keyOf('ACT', 'enhanced', layout.section, number)[0]!
      const skill = layout.skills[(number - 1) % layout.skills.length]!
      questions.push([layout.label, String(number), answer.toLowerCase(), quote(skill)].join(','))
    }
    for (const row of scaleOf('ACT', layout.section, layout.questions)) {
      scale.push([layout.section, String(row.raw), String(row.scaled)].join(','))
    }
  }
  return { questions, scale }
}

const body = (questions: string[], scale: string[]) => ({
  name: 'ACT Form 2',
  test: 'ACT',
  format: 'enhanced',
  questionsCsv: `${questions.join('\n')}\n`,
  scaleCsv: `${scale.join('\n')}\n`,
})

describe('importing a form from CSV', () => {
  it('previews every problem with its file, row and column, and imports nothing until there is none', async () => {
    const { questions, scale } = files()
    const broken = [...questions]
    broken[3] = 'English,3,Q,Production of Writing' // row 4: a letter question 3 does not offer
    broken[5] = 'Poetry,5,B,Production of Writing' // row 6: no such section
    broken[7] = 'English,7,A,Rhetoric' // row 8: not an English skill
    broken[9] = 'English,x,A,Production of Writing' // row 10: not a number
    const brokenScale = [...scale]
    brokenScale[11] = 'english,10,2' // row 12: lower than raw 9
    const preview = await t.request({
      method: 'POST',
      url: '/api/v1/practice-tests/import/preview',
      cookie: admin.cookie,
      payload: body(broken, brokenScale),
    })
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json().form).toBeNull()
    expect(
      preview
        .json()
        .problems.map((p: { file: string; row: number; column: string }) => [p.file, p.row, p.column]),
    ).toEqual([
      // The rows that read are held to the form's rules in the same round: every problem at once.
      ['questions', 4, 'answer'],
      ['questions', 6, 'section'],
      ['questions', 8, 'skill'],
      ['questions', 10, 'number'],
      ['scale', 12, 'scaled_low'],
    ])
    // Once the rows read, the form's own rules still name a row: question 3's letter, raw 10's fall.
    const second = await t.request({
      method: 'POST',
      url: '/api/v1/practice-tests/import/preview',
      cookie: admin.cookie,
      payload: body(
        [...questions.slice(0, 3), 'English,3,Q,Production of Writing', ...questions.slice(4)],
        brokenScale.map((line, index) => (index === 11 ? 'english,10,2' : line)),
      ),
    })
    expect(
      second
        .json()
        .problems.map((p: { file: string; row: number; column: string }) => [p.file, p.row, p.column]),
    ).toEqual([
      ['questions', 4, 'answer'],
      ['scale', 12, 'scaled_low'],
    ])
    const refused = await t.request({
      method: 'POST',
      url: '/api/v1/practice-tests/import',
      cookie: admin.cookie,
      payload: body(broken, scale),
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors[0]).toEqual({
      path: 'questionsCsv',
      message: expect.stringMatching(/^Row 4, answer: /),
    })
    const missing = await t.request({
      method: 'POST',
      url: '/api/v1/practice-tests/import/preview',
      cookie: admin.cookie,
      payload: body(['section,number,answer', 'English,1,A'], scale),
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toEqual([
      { path: 'questionsCsv', message: expect.stringContaining('missing: skill') },
    ])
    const listed = await t.request({ method: 'GET', url: '/api/v1/practice-tests', cookie: educator.cookie })
    expect(listed.json().forms).toEqual([])
  })

  it('imports the form the files make, the key kept for admins', async () => {
    const { questions, scale } = files()
    const preview = await t.request({
      method: 'POST',
      url: '/api/v1/practice-tests/import/preview',
      cookie: admin.cookie,
      payload: body(questions, scale),
    })
    expect(preview.json().problems).toEqual([])
    expect(preview.json().form.sections.map((s: { section: string }) => s.section)).toEqual([
      'english',
      'math',
      'reading',
    ])
    const imported = await t.request({
      method: 'POST',
      url: '/api/v1/practice-tests/import',
      cookie: admin.cookie,
      payload: body(questions, scale),
    })
    expect(imported.statusCode, imported.body).toBe(201)
    const form = imported.json() as PracticeForm
    expect(form.sections.map((s) => [s.section, s.questions.length, s.minutes])).toEqual([
      ['english', 50, 35],
      ['math', 45, 50],
      ['reading', 36, 40],
    ])
    expect(form.sections[0]!.questions[1]).toMatchObject({
      number: 2,
      letters: ['F', 'G', 'H', 'J'],
      answers: ['F'],
    })
    const asEducator = await t.request({
      method: 'GET',
      url: `/api/v1/practice-tests/${form.uuid}`,
      cookie: educator.cookie,
    })
    expect(asEducator.json().sections[0].questions[1]).not.toHaveProperty('answers')
    const forbidden = await t.request({
      method: 'POST',
      url: '/api/v1/practice-tests/import',
      cookie: educator.cookie,
      payload: body(questions, scale),
    })
    expect(forbidden.statusCode).toBe(403)
  })
})
