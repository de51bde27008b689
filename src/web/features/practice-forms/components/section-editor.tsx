import { SCALE_RANGE, type SectionLayout } from '../../../../shared/practice-layouts'
import { FieldError } from '../../../components/ui/field-error'
import { type DraftQuestion, type DraftScaleRow, type DraftSection, fieldId } from '../form-draft'

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

const cellInput = 'field-input min-w-0 px-2'

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

function QuestionRow({
  layout,
  path,
  number,
  question,
  problems,
  onChange,
}: {
  layout: SectionLayout
  path: string
  number: number
  question: DraftQuestion
  problems: Record<string, string>
  onChange: (change: Partial<DraftQuestion>) => void
}) {
  const letters = layout.letters(number)
  const errorOf = (field: string) => problems[`${path}.${field}`]
  const describedBy = (field: string) => (errorOf(field) ? `${fieldId(`${path}.${field}`)}-error` : undefined)
  const answerProps = {
    id: fieldId(`${path}.answers`),
    className: cellInput,
    'aria-label': `Question ${number}: correct answer`,
    'aria-invalid': errorOf('answers') ? true : undefined,
    'aria-describedby': describedBy('answers'),
  }
  const grid = layout.allowsSpr
    ? 'max-sm:grid-cols-[2rem_minmax(0,1fr)_minmax(0,1fr)]'
    : 'max-sm:grid-cols-[2rem_5rem_minmax(0,1fr)]'
  // A key of several letters (rare) stays as it was saved.
  const choices =
    question.answers && !letters.includes(question.answers) ? [...letters, question.answers] : letters
  return (
    <tr
      className={`border-t border-line align-top max-sm:grid max-sm:gap-x-2 max-sm:gap-y-1.5 max-sm:py-1.5 ${grid}`}
    >
      <th
        scope="row"
        className="pt-4 pr-2 pb-1.5 text-left font-medium tabular-nums max-sm:p-0 max-sm:pt-2.5"
      >
        {number}
      </th>
      {layout.allowsSpr ? (
        <td className="py-1.5 pr-2 max-sm:p-0">
          <select
            id={fieldId(`${path}.kind`)}
            className={cellInput}
            aria-label={`Question ${number}: kind`}
            aria-invalid={errorOf('kind') ? true : undefined}
            aria-describedby={describedBy('kind')}
            value={question.kind}
            onChange={(event) => onChange({ kind: event.target.value as DraftQuestion['kind'], answers: '' })}
          >
            <option value="choice">Letter</option>
            <option value="spr">Number</option>
          </select>
          <FieldError id={`${fieldId(`${path}.kind`)}-error`} message={errorOf('kind')} />
        </td>
      ) : null}
      <td className="py-1.5 pr-2 max-sm:p-0">
        {question.kind === 'spr' ? (
          <input
            type="text"
            autoComplete="off"
            placeholder="3/4; .75"
            value={question.answers}
            onChange={(event) => onChange({ answers: event.target.value })}
            {...answerProps}
          />
        ) : (
          <select
            value={question.answers}
            onChange={(event) => onChange({ answers: event.target.value })}
            {...answerProps}
          >
            <option value="">–</option>
            {choices.map((letter) => (
              <option key={letter} value={letter}>
                {letter}
              </option>
            ))}
          </select>
        )}
        <FieldError id={`${fieldId(`${path}.answers`)}-error`} message={errorOf('answers')} />
      </td>
      <td className={`py-1.5 max-sm:p-0 ${layout.allowsSpr ? 'max-sm:col-span-2 max-sm:col-start-2' : ''}`}>
        <select
          id={fieldId(`${path}.skill`)}
          className={cellInput}
          aria-label={`Question ${number}: skill`}
          aria-invalid={errorOf('skill') ? true : undefined}
          aria-describedby={describedBy('skill')}
          value={question.skill}
          onChange={(event) => onChange({ skill: event.target.value })}
        >
          <option value="">Choose a skill</option>
          {layout.skills.map((skill) => (
            <option key={skill} value={skill}>
              {skill}
            </option>
          ))}
        </select>
        <FieldError id={`${fieldId(`${path}.skill`)}-error`} message={errorOf('skill')} />
      </td>
    </tr>
  )
}

function NumberBox({
  path,
  label,
  value,
  problems,
  onChange,
}: {
  path: string
  label: string
  value: string
  problems: Record<string, string>
  onChange: (value: string) => void
}) {
  const id = fieldId(path)
  const error = problems[path]
  return (
    <>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className={cellInput}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </>
  )
}
