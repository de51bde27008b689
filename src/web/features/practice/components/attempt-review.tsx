import type { PracticeAttemptDetail } from '../../../../shared/practice'
import { Alert } from '../../../components/ui/alert'

interface AttemptReviewProps {
  attempt: PracticeAttemptDetail
  onlyMisses: boolean
  onOnlyMisses: (only: boolean) => void
}

type ReviewRow = NonNullable<PracticeAttemptDetail['review']>[number]

const RESULT_WORDS = { right: 'Right', wrong: 'Wrong', blank: 'Blank' } as const
const RESULT_TONES = {
  right: 'bg-success-soft text-success',
  wrong: 'bg-danger-soft text-danger',
  blank: 'bg-warning-soft text-warning',
} as const

/**
 * The review: each question with the answer given, the correct answers, right, wrong or blank, and
 * its skill, by section; "Only misses" keeps the wrong and blank ones. While another attempt of
 * the form is open the correct answers are kept back, and the review says so.
 */
export function AttemptReview({ attempt, onlyMisses, onOnlyMisses }: AttemptReviewProps) {
  const review = attempt.review ?? []
  const withheld = attempt.keyWithheld === true
  const shown = onlyMisses && !withheld ? review.filter((row) => row.result !== 'right') : review
  return (
    <section aria-labelledby="review-heading" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="review-heading" className="text-xl font-semibold">
          Review
        </h2>
        {withheld ? null : (
          <fieldset className="flex gap-1 rounded-lg bg-surface-sunken p-1">
            <legend className="sr-only">Show</legend>
            {[
              { only: false, label: 'All questions' },
              { only: true, label: 'Only misses' },
            ].map((choice) => (
              <button
                key={choice.label}
                type="button"
                aria-pressed={onlyMisses === choice.only}
                onClick={() => onOnlyMisses(choice.only)}
                className={`btn btn-small ${onlyMisses === choice.only ? 'bg-surface shadow-sm' : 'btn-quiet'}`}
              >
                {choice.label}
              </button>
            ))}
          </fieldset>
        )}
      </div>
      {withheld ? (
        <Alert tone="info" role="status">
          The correct answers show here once everyone taking “{attempt.form.name}” has submitted it, so that
          no one can pass them on. Until then the review lists the answers given.
        </Alert>
      ) : null}
      {attempt.sections.map((section) => {
        const rows = shown.filter((row) => row.section === section.section)
        const headingId = `review-${section.section}`
        return (
          <div key={section.section} className="flex flex-col gap-2">
            <h3 id={headingId} className="text-sm font-semibold tracking-wider text-ink-muted uppercase">
              {section.label}
            </h3>
            {rows.length === 0 ? (
              <p className="text-ink-muted">{onlyMisses ? 'No misses in this section.' : 'No questions.'}</p>
            ) : (
              <table className="data-table" aria-labelledby={headingId}>
                <thead>
                  <tr>
                    <th scope="col">Question</th>
                    {withheld ? null : <th scope="col">Result</th>}
                    <th scope="col">Answer given</th>
                    {withheld ? null : <th scope="col">Correct</th>}
                    <th scope="col">Skill</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <ReviewLine key={row.number} row={row} withheld={withheld} />
                  ))}
                </tbody>
              </table>
            )}
          </div>
        )
      })}
    </section>
  )
}

/** A question's line; while the key is kept back, without the result and correct columns (the alert says why). */
function ReviewLine({ row, withheld }: { row: ReviewRow; withheld: boolean }) {
  return (
    <tr data-result={row.result ?? 'unknown'}>
      <th scope="row" className="font-semibold tabular-nums">
        <span className="sm:hidden">Question </span>
        {row.number}
      </th>
      {withheld ? null : (
        <td data-label="Result">
          {row.result ? (
            <span className={`rounded px-1.5 text-sm font-semibold ${RESULT_TONES[row.result]}`}>
              {RESULT_WORDS[row.result]}
            </span>
          ) : null}
        </td>
      )}
      <td data-label="Answer given" className="tabular-nums">
        {row.answer ?? <span className="text-ink-muted">Blank</span>}
      </td>
      {withheld ? null : (
        <td data-label="Correct" className="tabular-nums">
          {row.correct?.join(' or ')}
        </td>
      )}
      <td data-label="Skill" className="cell-wide text-sm">
        {row.skill}
      </td>
    </tr>
  )
}
