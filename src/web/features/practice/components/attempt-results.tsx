import { formatTimestamp } from '../../../../shared/dates'
import type { PracticeAttemptDetail } from '../../../../shared/practice'
import { scaledWords, totalLabel } from '../practice-words'
import { AttemptReview } from './attempt-review'

interface AttemptResultsProps {
  attempt: PracticeAttemptDetail
  /** Only the misses in the review (`?review=misses`). */
  onlyMisses: boolean
  onOnlyMisses: (only: boolean) => void
}

/** A submitted attempt: the scores by section with the total, the skills, then the review. */
export function AttemptResults({ attempt, onlyMisses, onOnlyMisses }: AttemptResultsProps) {
  const scores = attempt.scores
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="scores-heading" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="scores-heading" className="text-xl font-semibold">
            Score
          </h2>
          <p className="text-sm text-ink-muted">
            <span className="rounded bg-accent-soft px-1.5 font-semibold text-accent-ink">Practice</span>{' '}
            {attempt.submittedAt ? `Submitted ${formatTimestamp(attempt.submittedAt)}` : null}
            {attempt.submittedBy ? ` by ${attempt.submittedBy.name || 'someone'}` : null}
          </p>
        </div>
        {scores ? (
          <>
            <p className="text-lg">
              {totalLabel(attempt.form.test)}{' '}
              <strong className="text-3xl font-bold tabular-nums" data-testid="practice-total">
                {scores.total}
              </strong>
            </p>
            <table className="data-table">
              <caption className="sr-only">Scores by section</caption>
              <thead>
                <tr>
                  <th scope="col">Section</th>
                  <th scope="col">Right</th>
                  <th scope="col">Scaled</th>
                </tr>
              </thead>
              <tbody>
                {scores.sections.map((section) => (
                  <tr key={section.section}>
                    <th scope="row" className="cell-wide font-semibold">
                      {section.label}
                    </th>
                    <td data-label="Right" className="tabular-nums">
                      {section.raw} of {section.of}
                    </td>
                    <td data-label="Scaled" className="tabular-nums">
                      <span className="text-right">
                        <span className="whitespace-nowrap">{scaledWords(section)}</span>
                        {section.scaledLow !== section.scaledHigh ? (
                          <span className="block text-sm text-ink-muted">{section.score} in the history</span>
                        ) : null}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : (
          <p className="text-ink-muted">This attempt has no score.</p>
        )}
      </section>

      {attempt.skills && attempt.skills.length > 0 ? (
        <section
          aria-labelledby="attempt-skills-heading"
          className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6"
        >
          <h2 id="attempt-skills-heading" className="text-xl font-semibold">
            Skills on this test
          </h2>
          <table className="data-table">
            <caption className="sr-only">Percent right and points lost by skill</caption>
            <thead>
              <tr>
                <th scope="col">Skill</th>
                <th scope="col">Right</th>
                <th scope="col">Points lost</th>
              </tr>
            </thead>
            <tbody>
              {attempt.skills.map((row) => (
                <tr key={`${row.section}-${row.skill}`}>
                  <th scope="row" className="cell-wide font-medium">
                    {row.skill}
                    <span className="block text-sm font-normal text-ink-muted">
                      {attempt.sections.find((entry) => entry.section === row.section)?.label}
                    </span>
                  </th>
                  <td data-label="Right" className="tabular-nums">
                    <span className="text-right">
                      {row.percent}%{' '}
                      <span className="whitespace-nowrap text-ink-muted">
                        ({row.right} of {row.questions})
                      </span>
                    </span>
                  </td>
                  <td data-label="Points lost" className="tabular-nums">
                    {row.pointsLost}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      <AttemptReview attempt={attempt} onlyMisses={onlyMisses} onOnlyMisses={onOnlyMisses} />
    </div>
  )
}
