import {
  type ActFormat,
  layoutOf,
  type PracticeSection,
  type PracticeTest,
} from '../../src/shared/practice-layouts'

/**
 * Whole practice forms with a key and tables a test can score by hand:
 * - question n's key is the n-th letter of its letter set cycling (A, B, C, D, A, … on the SAT;
 *   on the ACT the odd/even sets cycle the same way), its skill the section's skills cycling;
 * - SAT Math questions whose number is a multiple of 4 are student-produced responses keyed `3/4`
 *   (and question 44 also accepts `-2/3`);
 * - tables: SAT raw r → 200 + 10r, but Reading and Writing from raw 40 is a range
 *   (600 + 10(r − 40) to that + 30); ACT raw r → max(1, min(36, ceil(36r / size))).
 */
export function keyOf(
  test: PracticeTest,
  format: ActFormat | null,
  section: string,
  number: number,
): string[] {
  const layout = layoutOf(test, format).find((entry) => entry.section === section)!
  if (test === 'SAT' && section === 'math' && number % 4 === 0)
    return number === 44 ? ['3/4', '-2/3'] : ['3/4']
  const letters = layout.letters(number)
  return [letters[Math.floor((number - 1) / 2) % letters.length]!]
}

/** A wrong answer to question n (a choice question's next letter; for a response, 9). */
export function wrongOf(
  test: PracticeTest,
  format: ActFormat | null,
  section: string,
  number: number,
): string {
  const layout = layoutOf(test, format).find((entry) => entry.section === section)!
  const [right] = keyOf(test, format, section, number)
  const letters = layout.letters(number)
  if (!letters.includes(right!)) return '9'
  return letters[(letters.indexOf(right!) + 1) % letters.length]!
}

export function scaleOf(test: PracticeTest, section: string, size: number) {
  return Array.from({ length: size + 1 }, (_, raw) => {
    if (test === 'ACT') {
      const scaled = Math.max(1, Math.min(36, Math.ceil((36 * raw) / size)))
      return { raw, scaled }
    }
    if (section === 'reading-writing' && raw >= 40) {
      const low = 600 + 10 * (raw - 40)
      return { raw, scaledLow: low, scaledHigh: low + 30 }
    }
    return { raw, scaled: 200 + 10 * raw }
  })
}

/** A valid form body for `POST /api/v1/practice-tests`. */
export function formBody(
  test: PracticeTest,
  format: ActFormat | null,
  name = `${test} form`,
  { science = true }: { science?: boolean } = {},
) {
  const sections = layoutOf(test, format)
    .filter((layout) => science || layout.section !== 'science')
    .map((layout) => ({
      section: layout.section,
      questions: Array.from({ length: layout.questions }, (_, index) => {
        const number = index + 1
        const answers = keyOf(test, format, layout.section, number)
        const spr = test === 'SAT' && layout.section === 'math' && number % 4 === 0
        return {
          number,
          kind: spr ? ('spr' as const) : ('choice' as const),
          answers,
          skill: layout.skills[index % layout.skills.length]!,
        }
      }),
      scale: scaleOf(test, layout.section, layout.questions),
    }))
  return { name, test, format: test === 'ACT' ? format : null, sections }
}

/** The answers that get `right` questions right from the first, then `wrong` wrong; the rest stay blank. */
export function answersFor(
  test: PracticeTest,
  format: ActFormat | null,
  section: PracticeSection,
  right: number,
  wrong: number,
) {
  return Array.from({ length: right + wrong }, (_, index) => {
    const number = index + 1
    return {
      section,
      number,
      answer:
        index < right ? keyOf(test, format, section, number)[0]! : wrongOf(test, format, section, number),
    }
  })
}

/** A form body as the import's two CSV texts. */
export function formCsv(body: ReturnType<typeof formBody>) {
  const quote = (cell: string) => (/[",;]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)
  const questions = ['section,number,answer,skill']
  const scale = ['section,raw,scaled_low,scaled_high']
  for (const section of body.sections) {
    for (const q of section.questions) {
      questions.push([section.section, q.number, quote(q.answers.join(';')), quote(q.skill)].join(','))
    }
    for (const row of section.scale) {
      const low = 'scaled' in row ? row.scaled : row.scaledLow
      const high = 'scaled' in row ? row.scaled : row.scaledHigh
      scale.push([section.section, row.raw, low, high].join(','))
    }
  }
  return { questionsCsv: `${questions.join('\n')}\n`, scaleCsv: `${scale.join('\n')}\n` }
}
