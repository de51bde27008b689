import { useState } from 'react'
import { formatPlainDate } from '../../../../shared/dates'
import type { Student } from '../../../../shared/students'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { toast } from '../../../components/ui/toast'
import { canChangeScores, type RecordAccess } from '../access'
import { useDeleteScore } from '../api/delete-score'
import { ACT_COMPOSITE_NOTE, type AnyScore, scoresOf, sectionValue, type TestInfo } from '../score-tests'
import { AddScoreDialog } from './add-score-dialog'
import { ScoreChart } from './score-chart'

interface ScoreSectionProps {
  student: Student
  test: TestInfo
  access: RecordAccess
}

/** "SAT scores" / "ACT scores": superscore, chart, the table (newest first), add and delete. */
export function ScoreSection({ student, test, access }: ScoreSectionProps) {
  const scores = scoresOf(student, test.kind)
  const editable = canChangeScores(access)
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<AnyScore | null>(null)
  const deleteScore = useDeleteScore(student.uuid, test.kind)
  const headingId = `${test.kind}-scores-heading`
  const superscore = student.superscores[test.kind]

  return (
    <section aria-labelledby={headingId} className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} tabIndex={-1} className="text-xl font-semibold outline-none">
          {test.name} scores
        </h2>
        {editable ? (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setAdding(true)}>
            Add {test.name} score
          </button>
        ) : null}
      </div>
      {scores.length === 0 ? (
        <p className="text-ink-muted">{test.emptyText[access]}</p>
      ) : (
        <>
          {superscore ? <Superscore test={test} superscore={superscore} /> : null}
          <ScoreChart test={test} scores={scores} />
          <ScoreTable test={test} scores={scores} onDelete={editable ? setDeleting : undefined} />
          {test.kind === 'act' ? <p className="text-sm text-ink-muted">{ACT_COMPOSITE_NOTE}</p> : null}
        </>
      )}
      {editable ? (
        <>
          <AddScoreDialog
            studentUuid={student.uuid}
            test={test}
            open={adding}
            onClose={() => setAdding(false)}
          />
          <ConfirmDialog
            open={deleting !== null}
            onClose={() => setDeleting(null)}
            title={deleting ? `Delete the ${test.name} score of ${formatPlainDate(deleting.date)}?` : ''}
            description={deleting ? `${describeScore(test, deleting)}. This cannot be undone.` : undefined}
            confirmLabel="Delete score"
            fallbackFocus={() => document.getElementById(headingId)?.focus()}
            onConfirm={async () => {
              if (!deleting) return
              const { cumulative: _ignored, ...body } = deleting
              await deleteScore.mutateAsync(body)
              toast(`${test.name} score deleted`)
            }}
          />
        </>
      ) : null}
    </section>
  )
}

function describeScore(test: TestInfo, score: AnyScore): string {
  const sections = test.sections.map((section) => `${section.label} ${sectionValue(score, section.key)}`)
  return `${test.cumulativeLabel} ${score.cumulative}: ${sections.join(', ')}`
}

interface ScoreTableProps {
  test: TestInfo
  scores: AnyScore[]
  onDelete: ((score: AnyScore) => void) | undefined
}

function ScoreTable({ test, scores, onDelete }: ScoreTableProps) {
  const newestFirst = scores.map((score, index) => ({ score, index })).reverse()
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
          {onDelete ? (
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {newestFirst.map(({ score, index }) => (
          <tr key={`${score.date}-${index}`}>
            <th scope="row" className="cell-wide font-semibold whitespace-nowrap">
              {formatPlainDate(score.date)}
            </th>
            {test.sections.map((section) => (
              <td key={section.key} data-label={section.label}>
                {sectionValue(score, section.key)}
              </td>
            ))}
            <td data-label={test.cumulativeLabel} className="font-semibold">
              {score.cumulative}
            </td>
            {onDelete ? (
              <td className="cell-wide sm:text-right">
                <button
                  type="button"
                  className="btn btn-quiet btn-small text-danger"
                  aria-label={`Delete ${test.name} score of ${formatPlainDate(score.date)}`}
                  onClick={() => onDelete(score)}
                >
                  Delete
                </button>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** "Superscore 1380 (best of each section: …)": the record's sections and the guardian's cards. */
export function Superscore({ test, superscore }: { test: TestInfo; superscore: { cumulative: number } }) {
  return (
    <p className="rounded-lg bg-primary-soft px-4 py-2.5 text-ink">
      <span className="font-semibold">
        {test.name} superscore {superscore.cumulative}
      </span>
      <span className="text-ink-muted">
        {' '}
        (best of each section:{' '}
        {test.sections
          .map((section) => `${section.label} ${sectionValue(superscore as AnyScore, section.key)}`)
          .join(', ')}
        )
      </span>
    </p>
  )
}
