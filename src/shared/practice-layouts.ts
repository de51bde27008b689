/**
 * The official shape of each practice test (docs/product.md#practice-tests): its sections in
 * order, how many questions each has, the official section timer, the answer letters of each
 * question and the fixed list of skills a question of the section may be tagged with. A form's
 * sections are checked against these; the answer sheet draws its bubbles and timers from them.
 */
export const PRACTICE_TESTS = ['SAT', 'ACT'] as const
export type PracticeTest = (typeof PRACTICE_TESTS)[number]
export const ACT_FORMATS = ['legacy', 'enhanced'] as const
export type ActFormat = (typeof ACT_FORMATS)[number]
export const PRACTICE_SECTIONS = ['reading-writing', 'math', 'english', 'reading', 'science'] as const
export type PracticeSection = (typeof PRACTICE_SECTIONS)[number]
export const QUESTION_KINDS = ['choice', 'spr'] as const
export type QuestionKind = (typeof QUESTION_KINDS)[number]

export interface SectionLayout {
  section: PracticeSection
  label: string
  questions: number
  minutes: number
  /** A form may leave it out (the enhanced ACT's science). */
  optional: boolean
  skills: readonly string[]
  /** The letters of question `number` (1-based); an SAT Math question may instead be a student-produced response. */
  letters: (number: number) => readonly string[]
  /** Whether a question may be a student-produced response (SAT Math only). */
  allowsSpr: boolean
}

const AD = ['A', 'B', 'C', 'D'] as const
const FJ = ['F', 'G', 'H', 'J'] as const
const AE = ['A', 'B', 'C', 'D', 'E'] as const
const FK = ['F', 'G', 'H', 'J', 'K'] as const
const sat = () => AD
/** The ACT alternates its letters: odd questions A-D, even ones F-J (legacy Math A-E and F-K). */
const alternating = (odd: readonly string[], even: readonly string[]) => (number: number) =>
  number % 2 === 1 ? odd : even

export const SKILLS = {
  'SAT:reading-writing': [
    'Information and Ideas',
    'Craft and Structure',
    'Expression of Ideas',
    'Standard English Conventions',
  ],
  'SAT:math': ['Algebra', 'Advanced Math', 'Problem-Solving and Data Analysis', 'Geometry and Trigonometry'],
  'ACT:english': ['Production of Writing', 'Knowledge of Language', 'Conventions of Standard English'],
  'ACT:math': [
    'Number and Quantity',
    'Algebra',
    'Functions',
    'Geometry',
    'Statistics and Probability',
    'Integrating Essential Skills',
    'Modeling',
  ],
  'ACT:reading': ['Key Ideas and Details', 'Craft and Structure', 'Integration of Knowledge and Ideas'],
  'ACT:science': [
    'Interpretation of Data',
    'Scientific Investigation',
    'Evaluation of Models, Inferences and Experimental Results',
  ],
} as const

const layout = (
  section: PracticeSection,
  label: string,
  questions: number,
  minutes: number,
  skills: readonly string[],
  letters: SectionLayout['letters'],
  extra: Partial<Pick<SectionLayout, 'optional' | 'allowsSpr'>> = {},
): SectionLayout => ({
  section,
  label,
  questions,
  minutes,
  skills,
  letters,
  optional: extra.optional ?? false,
  allowsSpr: extra.allowsSpr ?? false,
})

const SAT_LAYOUT = [
  layout('reading-writing', 'Reading and Writing', 54, 64, SKILLS['SAT:reading-writing'], sat),
  layout('math', 'Math', 44, 70, SKILLS['SAT:math'], sat, { allowsSpr: true }),
]
const ACT_ENHANCED_LAYOUT = [
  layout('english', 'English', 50, 35, SKILLS['ACT:english'], alternating(AD, FJ)),
  layout('math', 'Math', 45, 50, SKILLS['ACT:math'], alternating(AD, FJ)),
  layout('reading', 'Reading', 36, 40, SKILLS['ACT:reading'], alternating(AD, FJ)),
  layout('science', 'Science', 40, 40, SKILLS['ACT:science'], alternating(AD, FJ), { optional: true }),
]
const ACT_LEGACY_LAYOUT = [
  layout('english', 'English', 75, 45, SKILLS['ACT:english'], alternating(AD, FJ)),
  layout('math', 'Math', 60, 60, SKILLS['ACT:math'], alternating(AE, FK)),
  layout('reading', 'Reading', 40, 35, SKILLS['ACT:reading'], alternating(AD, FJ)),
  layout('science', 'Science', 40, 35, SKILLS['ACT:science'], alternating(AD, FJ)),
]

/** The sections of a test in order (an ACT form names its format; an SAT form has none). */
export function layoutOf(test: PracticeTest, format: ActFormat | null | undefined): readonly SectionLayout[] {
  if (test === 'SAT') return SAT_LAYOUT
  return format === 'legacy' ? ACT_LEGACY_LAYOUT : ACT_ENHANCED_LAYOUT
}

export function sectionLayout(
  test: PracticeTest,
  format: ActFormat | null | undefined,
  section: string,
): SectionLayout | undefined {
  return layoutOf(test, format).find((entry) => entry.section === section)
}

/** "ACT (enhanced)", "SAT": how a test and format read in messages. */
export const testLabel = (test: PracticeTest, format: ActFormat | null | undefined) =>
  test === 'ACT' ? `ACT (${format ?? 'enhanced'})` : 'SAT'

/** The scaled scores a section's table may give: SAT 200-800 in tens, ACT 1-36. */
export const SCALE_RANGE = {
  SAT: { min: 200, max: 800, step: 10 },
  ACT: { min: 1, max: 36, step: 1 },
} as const satisfies Record<PracticeTest, { min: number; max: number; step: number }>
