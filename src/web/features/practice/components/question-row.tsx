import { useEffect, useId, useRef, useState } from 'react'
import { SPR_MAX_CHARS, sprProblem } from '../../../../shared/practice-answers'
import { AlertCircleIcon } from '../../../components/ui/icons'

interface RowProps {
  number: number
  answer: string | null
  onAnswer: (answer: string | null) => void
}

/**
 * A multiple-choice question: its letters and "Blank" as one radio group of large bubbles
 * (44 x 44 px at least), so a thumb, the arrow keys and a screen reader all work it.
 */
export function ChoiceRow({ number, letters, answer, onAnswer }: RowProps & { letters: readonly string[] }) {
  const name = useId()
  const options = [
    ...letters.map((letter) => ({ value: letter, label: letter })),
    { value: '', label: 'Blank' },
  ]
  return (
    <div
      role="radiogroup"
      aria-label={`Question ${number}`}
      className="flex items-center gap-1.5 py-1.5 sm:gap-2"
      data-question={number}
    >
      <span aria-hidden="true" className="w-8 shrink-0 text-right font-semibold tabular-nums text-ink-muted">
        {number}
      </span>
      {options.map((option) => {
        const checked = (answer ?? '') === option.value
        const blank = option.value === ''
        return (
          <label key={option.label} className={`relative shrink-0 ${blank ? 'ml-auto' : ''}`}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={checked}
              onChange={() => onAnswer(blank ? null : option.value)}
              className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-full"
            />
            <span
              className={`pointer-events-none flex h-11 items-center justify-center rounded-full border-2 font-semibold peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus ${
                blank ? 'px-3 text-sm' : 'w-11 text-lg'
              } ${
                checked
                  ? blank
                    ? // Nothing chosen yet reads as an empty place, not as a choice.
                      'border-dashed border-line-strong bg-surface text-ink-muted'
                    : 'border-primary bg-primary text-primary-ink'
                  : 'border-line-strong bg-surface text-ink'
              }`}
            >
              {option.label}
            </span>
          </label>
        )
      })}
    </div>
  )
}

/**
 * A student-produced response (SAT Math): a field with the numeric keypad, checked with the SAT's
 * rules as typed and saved when it is a number (or empty: blank). A phone's decimal keypad has no
 * "/" or "-", so two buttons add them.
 */
export function SprRow({ number, answer, onAnswer }: RowProps) {
  const id = useId()
  const field = useRef<HTMLInputElement>(null)
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const [text, setText] = useState(answer ?? '')
  // An answer from elsewhere (the saved one on load) shows unless the person is typing here.
  useEffect(() => {
    if (document.activeElement !== field.current) setText(answer ?? '')
  }, [answer])
  useEffect(() => () => clearTimeout(pause.current), [])
  const trimmed = text.trim()
  const problem = trimmed === '' ? null : sprProblem(trimmed)
  const commit = (value: string) => {
    clearTimeout(pause.current)
    const next = value.trim()
    if (next === (answer ?? '')) return
    if (next === '') onAnswer(null)
    else if (!sprProblem(next)) onAnswer(next)
  }
  // Saved when typing pauses, on leaving the field and at once from the buttons.
  const type = (value: string, now = false) => {
    setText(value)
    clearTimeout(pause.current)
    if (now) commit(value)
    else pause.current = setTimeout(() => commit(value), 700)
  }
  return (
    <div className="flex flex-col gap-1 py-1.5" data-question={number}>
      <div className="flex flex-wrap items-center gap-1.5 sm:gap-2">
        <label htmlFor={id} className="w-8 shrink-0 text-right font-semibold tabular-nums text-ink-muted">
          <span className="sr-only">Question </span>
          {number}
        </label>
        <input
          ref={field}
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          maxLength={SPR_MAX_CHARS + 1}
          value={text}
          onChange={(event) => type(event.target.value)}
          onBlur={() => commit(text)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit(text)
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : `${id}-help`}
          className="field-input h-11 w-28 text-lg tabular-nums"
        />
        <button
          type="button"
          className="btn btn-secondary btn-small text-lg"
          aria-label={`Type a fraction bar in question ${number}`}
          onClick={() => {
            type(`${text}/`)
            field.current?.focus()
          }}
        >
          /
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-small text-lg"
          aria-label={`Make question ${number} negative or positive`}
          onClick={() => type(text.startsWith('-') ? text.slice(1) : `-${text}`, true)}
        >
          −
        </button>
        {/* Drawn as the letters' "Blank" is, dashed while the question is blank. */}
        <button
          type="button"
          className={`ml-auto flex h-11 shrink-0 cursor-pointer items-center rounded-full border-2 px-3 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus ${
            trimmed === ''
              ? 'border-dashed border-line-strong bg-surface text-ink-muted'
              : 'border-line-strong bg-surface text-ink'
          }`}
          aria-label={`Leave question ${number} blank`}
          onClick={() => type('', true)}
        >
          Blank
        </button>
      </div>
      {problem ? (
        <p id={`${id}-error`} className="ml-10 flex items-start gap-1.5 text-sm font-medium text-danger">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
          <span>{problem}</span>
        </p>
      ) : (
        <p id={`${id}-help`} className="sr-only">
          A number: digits with one "." or "/", and "-" in front for a negative one.
        </p>
      )}
    </div>
  )
}
