import { formatPlainDate } from '../../../../shared/dates'
import { type AnyScore, SOURCE_LABELS, sectionValue, type TestInfo } from '../score-tests'

interface ScoreTableProps {
  test: TestInfo
  scores: AnyScore[]
  canChange: (score: AnyScore) => boolean
  onEdit: (score: AnyScore) => void
  onDelete: (score: AnyScore) => void
}

/** One test's entries, newest first: sections, total, source and author, and the writer's actions. */
export function ScoreTable({ test, scores, canChange, onEdit, onDelete }: ScoreTableProps) {
  const newestFirst = scores.map((score, index) => ({ score, index })).reverse()
  const anyActions = scores.some(canChange)
  return (
    <table className="data-table">
      <caption className="sr-only">{test.name} scores, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          {test.sections.map((section) => (
            <th key={section.key} scope="col">
              {section.label}
            </th>
          ))}
          <th scope="col">{test.cumulativeLabel}</th>
          <th scope="col">Source</th>
          {anyActions ? (
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {newestFirst.map(({ score, index }) => {
          const when = formatPlainDate(score.date)
          return (
            <tr key={score.uuid ?? `${score.date}-${index}`}>
              <th scope="row" className="cell-wide font-semibold whitespace-nowrap">
                {when}
              </th>
              {test.sections.map((section) => (
                <td key={section.key} data-label={section.label}>
                  {sectionValue(score, section.key) ?? <NotRecorded />}
                </td>
              ))}
              <td data-label={test.cumulativeLabel} className="font-semibold">
                {score.cumulative}
              </td>
              <td data-label="Source" className="cell-wide text-sm">
                {/* One value beside the label on a phone: its lines stacked, not spread across. */}
                <span className="flex min-w-0 flex-col items-end text-right sm:items-start sm:text-left">
                  <span className={score.source && score.source !== 'official' ? 'italic' : ''}>
                    {SOURCE_LABELS[score.source ?? 'official']}
                  </span>
                  {score.note ? <span className="text-ink-muted break-words">{score.note}</span> : null}
                  <span className="text-ink-muted">
                    {score.addedBy
                      ? `Added by ${score.addedBy.name || 'someone'}`
                      : 'Added before authors were recorded'}
                  </span>
                </span>
              </td>
              {anyActions ? (
                <td className="cell-wide sm:text-right">
                  {canChange(score) ? (
                    <span className="inline-flex gap-1">
                      <button
                        type="button"
                        className="btn btn-quiet btn-small"
                        aria-label={`Edit ${test.name} score of ${when}`}
                        onClick={() => onEdit(score)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn-quiet btn-small text-danger"
                        aria-label={`Delete ${test.name} score of ${when}`}
                        onClick={() => onDelete(score)}
                      >
                        Delete
                      </button>
                    </span>
                  ) : null}
                </td>
              ) : null}
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

/** An enhanced-ACT entry without science: a dash to the eye, words to a screen reader. */
function NotRecorded() {
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="sr-only">not recorded</span>
    </>
  )
}
