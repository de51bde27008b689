import type { SectionLayout } from '../../../../shared/practice-layouts'
import { FieldError } from '../../../components/ui/field-error'
import { type DraftQuestion, fieldId } from '../form-draft'

/** The editor's cells: a question's row, and a number box of the score table (section-editor.tsx). */
const cellInput = 'field-input min-w-0 px-2'

export function QuestionRow({
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

export function NumberBox({
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
