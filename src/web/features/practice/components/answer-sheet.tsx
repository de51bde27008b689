import { useState } from 'react'
import type { PracticeAttemptDetail } from '../../../../shared/practice'
import type { PracticeSection } from '../../../../shared/practice-layouts'
import { Alert } from '../../../components/ui/alert'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { useSubmitAttempt } from '../api'
import { blankWords } from '../practice-words'
import { type SaveState, useAnswerQueue } from '../use-answer-queue'
import { ChoiceRow, SprRow } from './question-row'
import { clockLeftWords, SectionTimer, useSectionClock } from './section-timer'

interface AnswerSheetProps {
  studentUuid: string
  attempt: PracticeAttemptDetail
  /** The section shown (`?section=`); the first when absent. */
  section: PracticeSection | undefined
  onSection: (section: PracticeSection) => void
  /** Staff entering a paper sheet for the student. */
  onBehalf: boolean
}

const SAVE_WORDS: Record<SaveState, string> = {
  saved: 'Saved',
  saving: 'Saving…',
  retrying: 'Not saved, retrying',
  refused: 'Not saved',
}

/**
 * The answer sheet: one section at a time, each question a row of large bubbles (or the numeric
 * field of a student-produced response), the questions left, an optional timer, and every answer
 * saved as it is given (docs/product.md#practice-tests). Submitting asks first, with the blanks counted.
 */
export function AnswerSheet({ studentUuid, attempt, section, onSection, onBehalf }: AnswerSheetProps) {
  const queue = useAnswerQueue(studentUuid, attempt)
  const submit = useSubmitAttempt(studentUuid, attempt.uuid)
  const [confirming, setConfirming] = useState(false)
  const current = attempt.sections.find((entry) => entry.section === section) ?? attempt.sections[0]!
  const leftIn = (entry: PracticeAttemptDetail['sections'][number]) =>
    entry.questions.filter((question) => queue.answerOf(entry.section, question.number) === null).length
  const blanks = attempt.sections.reduce((sum, entry) => sum + leftIn(entry), 0)
  const left = leftIn(current)
  const clock = useSectionClock(attempt.uuid, current.section, current.minutes)
  const next = attempt.sections[attempt.sections.indexOf(current) + 1]

  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Test sections" className="flex flex-wrap gap-2">
        {attempt.sections.map((entry) => (
          <button
            key={entry.section}
            type="button"
            aria-pressed={entry.section === current.section}
            onClick={() => onSection(entry.section)}
            className={`btn btn-small flex-col !items-start gap-0 ${
              entry.section === current.section ? 'btn-primary' : 'btn-secondary'
            }`}
          >
            <span>{entry.label}</span>
            <span className="text-xs font-normal">{leftIn(entry)} left</span>
          </button>
        ))}
      </nav>

      <section aria-labelledby="sheet-heading" className="card flex min-w-0 flex-col gap-3 p-3 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="sheet-heading" className="text-xl font-semibold">
            {current.label}
          </h2>
          <SectionTimer clock={clock} label={current.label} minutes={current.minutes} />
        </div>
        {queue.state === 'refused' ? (
          <Alert tone="danger">{queue.problem ?? SAVE_WORDS.refused}</Alert>
        ) : null}
        {/* In view while the thumb scrolls: the questions left, the time left once the timer runs,
            and whether every answer is saved. The timer itself, above, is what is announced. */}
        <div className="sticky top-[3.5625rem] z-10 -mx-3 flex flex-wrap items-center justify-between gap-2 border-b border-line bg-surface px-3 py-2 sm:-mx-6 sm:px-6 lg:top-0">
          <p className="text-sm font-medium">
            {left === 0 ? 'Every question answered' : `${left} of ${current.questions.length} questions left`}
            {onBehalf ? <span className="text-ink-muted"> · paper sheet</span> : null}
            {clock.left !== null ? (
              <span aria-hidden="true" className={`tabular-nums ${clock.left <= 0 ? 'text-warning' : ''}`}>
                {' '}
                · {clock.left <= 0 ? 'Time is up' : clockLeftWords(clock.left)}
              </span>
            ) : null}
          </p>
          <SaveStatus state={queue.state} />
        </div>
        <ol aria-label={`${current.label} questions`} className="flex max-w-lg flex-col divide-y divide-line">
          {current.questions.map((question) => {
            const answer = queue.answerOf(current.section, question.number)
            const onAnswer = (value: string | null) =>
              queue.give({ section: current.section, number: question.number, answer: value })
            return (
              <li key={`${current.section}-${question.number}`}>
                {question.kind === 'spr' ? (
                  <SprRow number={question.number} answer={answer} onAnswer={onAnswer} />
                ) : (
                  <ChoiceRow
                    number={question.number}
                    letters={question.letters}
                    answer={answer}
                    onAnswer={onAnswer}
                  />
                )}
              </li>
            )
          })}
        </ol>
      </section>

      <div className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <p className="text-ink-muted">
          {blankWords(blanks)} The score, the review and the skills show once the test is submitted.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          {next ? (
            <button type="button" className="btn btn-secondary" onClick={() => onSection(next.section)}>
              Next section: {next.label}
            </button>
          ) : null}
          <button type="button" className="btn btn-primary" onClick={() => setConfirming(true)}>
            Submit the test
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        tone="primary"
        title={`Submit “${attempt.form.name}”?`}
        description={`${blankWords(blanks)} ${
          blanks > 0 ? 'Blank questions count as wrong. ' : ''
        }Once submitted, the answers cannot be changed.`}
        confirmLabel="Submit and score"
        onConfirm={async () => {
          await queue.saveAll()
          await submit.mutateAsync()
        }}
      />
    </div>
  )
}

/** "Saved" / "Saving…" / "Not saved, retrying", announced politely. */
function SaveStatus({ state }: { state: SaveState }) {
  return (
    <p
      role="status"
      data-save-state={state}
      className={`rounded-full px-3 py-0.5 text-sm font-semibold ${
        state === 'retrying' || state === 'refused'
          ? 'bg-warning-soft text-warning'
          : 'bg-surface-sunken text-ink-muted'
      }`}
    >
      {SAVE_WORDS[state]}
    </p>
  )
}
