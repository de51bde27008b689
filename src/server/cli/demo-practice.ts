import type { PracticeFormInput } from '../../shared/practice'
import { type ActFormat, layoutOf, type PracticeTest } from '../../shared/practice-layouts'
import type { Db } from '../db/client'
import { saveAnswers, submitAttempt } from '../modules/practice/answers'
import { assignForm } from '../modules/practice/attempts'
import { createForm } from '../modules/practice/forms'
import { studentAccess } from '../modules/students/record'
import type { DemoContext } from './demo-plans'

/**
 * Practice tests: two forms the admin entered (an SAT, an enhanced ACT without science), the SAT
 * assigned to Ethan for later this week, and the ACT assigned to Jordan last week and submitted today, so
 * his record has a practice score, a review and most missed skills. Through the product's
 * modules, each audited.
 */

/** A form whose key cycles through the letters, SAT Math's every fourth question a response, and plain tables. */
function demoForm(name: string, test: PracticeTest, format: ActFormat | null): PracticeFormInput {
  const sections = layoutOf(test, format)
    .filter((layout) => !layout.optional)
    .map((layout) => ({
      section: layout.section,
      questions: Array.from({ length: layout.questions }, (_, index) => {
        const number = index + 1
        const spr = layout.allowsSpr && number % 4 === 0
        const letters = layout.letters(number)
        return {
          number,
          kind: spr ? ('spr' as const) : ('choice' as const),
          answers: spr ? [String((number % 9) + 1)] : [letters[(number * 7) % letters.length]!],
          skill: layout.skills[(number * 5) % layout.skills.length]!,
        }
      }),
      scale: Array.from({ length: layout.questions + 1 }, (_, raw) => {
        if (test === 'ACT') {
          const scaled = Math.max(1, Math.ceil((36 * raw) / layout.questions))
          return { raw, scaledLow: scaled, scaledHigh: scaled }
        }
        const low = 200 + 10 * Math.round((60 * raw) / layout.questions)
        return {
          raw,
          scaledLow: low,
          scaledHigh: raw > 0 && raw < layout.questions ? Math.min(800, low + 20) : low,
        }
      }),
    }))
  return { name, test, format, sections }
}

export async function seedDemoPractice({ tx, day, id, viewers, redate }: DemoContext): Promise<void> {
  // The modules open their own transaction: inside the seed's, that is a savepoint.
  const db = tx as unknown as Db
  const sat = await createForm(db, viewers.admin!, demoForm('Crestline SAT Practice 1', 'SAT', null))
  const act = await createForm(db, viewers.admin!, demoForm('Crestline ACT Practice 1', 'ACT', 'enhanced'))
  await redate(10 * 24)

  const jordan = await assignForm(db, viewers.priya!, id('jordan'), { formUUID: act.uuid, dueDate: day(0) })
  await redate(8 * 24)
  // Jordan gets about three in four right, misses more Math late in the section, leaves two blank.
  const answers = act.sections.flatMap((section) =>
    section.questions.map((question) => {
      const missed = question.number % 4 === 0 || (section.section === 'math' && question.number > 38)
      const key = question.answers![0]!
      const other = question.letters.find((letter) => letter !== key)!
      const blank = section.section === 'reading' && question.number > 34
      return {
        section: section.section,
        number: question.number,
        answer: blank ? null : missed ? other : key,
      }
    }),
  )
  const access = await studentAccess(db, viewers.jordan!, id('jordan'))
  for (let start = 0; start < answers.length; start += 50) {
    await saveAnswers(db, access, id('jordan'), jordan.uuid, {
      answers: answers.slice(start, start + 50),
    })
  }
  await submitAttempt(db, viewers.jordan!, id('jordan'), jordan.uuid)
  await redate(3)

  await assignForm(db, viewers.priya!, id('ethan'), { formUUID: sat.uuid, dueDate: day(4) })
  await redate(2)
}
