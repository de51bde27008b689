import { SCALE_RANGE, type SectionLayout } from '../../../../shared/practice-layouts'
import { FieldError } from '../../../components/ui/field-error'
import { type DraftQuestion, type DraftScaleRow, type DraftSection, fieldId } from '../form-draft'
import { NumberBox, QuestionRow } from './question-cells'

interface SectionEditorProps {
  layout: SectionLayout
  test: 'SAT' | 'ACT'
  /** The section's index in the form (problems' paths count from it). */
  index: number
  section: DraftSection
  problems: Record<string, string>
  onChange: (section: DraftSection) => void
  /** The questions or the table: one at a time, so a long section stays light on a phone. */
  part: SectionPart
}

export type SectionPart = 'questions' | 'scale'

/**
 * One section of a form: its questions in a compact table (answer and skill per row; in SAT Math
 * also whether the question takes a letter or a number), then its raw-to-scaled table. Each
 * problem the server named shows under its box.
 */
export function SectionEditor({
  layout,
  test,
  index,
  section,
  problems,
  onChange,
  part,
}: SectionEditorProps) {
  const at = `sections.${index}`
  const setQuestion = (q: number, change: Partial<DraftQuestion>) =>
    onChange({
      ...section,
      questions: section.questions.map((question, i) => (i === q ? { ...question, ...change } : question)),
    })
  const setRow = (raw: number, change: Partial<DraftScaleRow>) =>
    onChange({ ...section, scale: section.scale.map((row, i) => (i === raw ? { ...row, ...change } : row)) })
  const range = SCALE_RANGE[test]
  return (
    <div className="flex flex-col gap-6">
      <SectionProblem id={fieldId(`${at}.section`)} message={problems[`${at}.section`]} />
      {part === 'questions' ? (
        <div className="flex flex-col gap-3">
          <h3 id={`${at}-questions-heading`} className="text-lg font-semibold">
            {layout.label}: {layout.questions} questions
          </h3>
          <SectionProblem id={fieldId(`${at}.questions`)} message={problems[`${at}.questions`]} />
          <table className="w-full table-fixed border-collapse" aria-labelledby={`${at}-questions-heading`}>
            {/* On a phone each row is a grid (a response's skill under its kind and answer); the boxes name themselves. */}
            <thead className="max-sm:sr-only">
              <tr className="text-left text-sm text-ink-muted">
                <th scope="col" className="w-10 py-1 pr-2">
                  No.
                </th>
                {layout.allowsSpr ? (
                  <th scope="col" className="w-24 py-1 pr-2 sm:w-32">
                    Kind
                  </th>
                ) : null}
                <th scope="col" className="w-24 py-1 pr-2 sm:w-40">
                  Answer
                </th>
                <th scope="col" className="py-1">
                  Skill
                </th>
              </tr>
            </thead>
            <tbody>
              {section.questions.map((question, q) => (
                <QuestionRow
                  // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the question numbers, fixed by the layout
                  key={q}
                  layout={layout}
                  path={`${at}.questions.${q}`}
                  number={q + 1}
                  question={question}
                  problems={problems}
                  onChange={(change) => setQuestion(q, change)}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <h3 id={`${at}-scale-heading`} className="text-lg font-semibold">
            {layout.label}: raw to scaled
          </h3>
          <p className="text-sm text-ink-muted">
            One row for each raw count from 0 to {layout.questions}, scores from {range.min} to {range.max}
            {test === 'SAT' ? ', in tens; give a high score too for a range such as 530-560' : ''}. Scores
            never fall as the raw count rises.
          </p>
          <SectionProblem id={fieldId(`${at}.scale`)} message={problems[`${at}.scale`]} />
          <table
            className="w-full max-w-md table-fixed border-collapse"
            aria-labelledby={`${at}-scale-heading`}
          >
            <thead>
              <tr className="text-left text-sm text-ink-muted">
                <th scope="col" className="w-14 py-1 pr-2">
                  Raw
                </th>
                <th scope="col" className="py-1 pr-2">
                  {test === 'SAT' ? 'Score (or low)' : 'Score'}
                </th>
                {test === 'SAT' ? (
                  <th scope="col" className="py-1">
                    High (a range)
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {section.scale.map((row, raw) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the raw counts, fixed by the layout
                <tr key={raw} className="border-t border-line align-top">
                  <th scope="row" className="pt-4 pr-2 pb-1.5 text-left font-medium tabular-nums">
                    {raw}
                  </th>
                  <td className="py-1.5 pr-2">
                    <NumberBox
                      path={`${at}.scale.${raw}.low`}
                      label={`Raw ${raw}: ${test === 'SAT' ? 'score or low end' : 'score'}`}
                      value={row.low}
                      problems={problems}
                      onChange={(low) => setRow(raw, { low })}
                    />
                  </td>
                  {test === 'SAT' ? (
                    <td className="py-1.5">
                      <NumberBox
                        path={`${at}.scale.${raw}.high`}
                        label={`Raw ${raw}: high end of a range`}
                        value={row.high}
                        problems={problems}
                        onChange={(high) => setRow(raw, { high })}
                      />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}

function SectionProblem({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <div id={id} tabIndex={-1} className="outline-none">
      <FieldError id={`${id}-error`} message={message} />
    </div>
  )
}
