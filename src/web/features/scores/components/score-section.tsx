import { useState } from 'react'
import { formatPlainDate } from '../../../../shared/dates'
import { archivedForFamily, kindOf } from '../../../../shared/record-rules'
import { scoreProgress } from '../../../../shared/scores'
import type { Student } from '../../../../shared/students'
import type { CurrentUser } from '../../../../shared/users'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { lazyDialog } from '../../../components/ui/lazy-dialog'
import { toast } from '../../../components/ui/toast'
import { canChangeScore, canChangeScores, type RecordAccess } from '../../../lib/record-access'
import { useDeleteScore } from '../api/delete-score'
import {
  ACT_COMPOSITE_NOTE,
  type AnyScore,
  progressWords,
  scoresOf,
  sectionsText,
  type TestInfo,
} from '../score-tests'
import { ScoreChart } from './score-chart'
import { ScoreTable } from './score-table'
import { Superscore } from './superscore'
import { TargetLine } from './target-line'

const AddScoreDialog = lazyDialog(() => import('./add-score-dialog').then((module) => module.AddScoreDialog))

interface ScoreSectionProps {
  student: Student
  test: TestInfo
  access: RecordAccess
  viewer: CurrentUser
}

/**
 * "SAT scores" / "ACT scores": the superscore (official tests) and the target, chart, the table
 * (newest first) with each entry's source and who added it, add, edit and delete.
 */
export function ScoreSection({ student, test, access, viewer }: ScoreSectionProps) {
  const scores = scoresOf(student, test.kind)
  const editable = canChangeScores(access)
  const [editing, setEditing] = useState<{ entry: AnyScore | null } | null>(null)
  const [deleting, setDeleting] = useState<AnyScore | null>(null)
  const deleteScore = useDeleteScore(student.uuid, test.kind)
  const headingId = `${test.kind}-scores-heading`
  const superscore = student.superscores[test.kind]
  const allEntries = student.superscoresAll?.[test.kind] ?? null
  const target = student.targets?.[test.kind] ?? null

  return (
    <section aria-labelledby={headingId} className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} tabIndex={-1} className="text-xl font-semibold outline-none">
          {test.name} scores
        </h2>
        {editable ? (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => setEditing({ entry: null })}
          >
            Add {test.name} score
          </button>
        ) : null}
      </div>
      <TargetLine
        student={student}
        test={test}
        access={access}
        best={superscore?.cumulative ?? null}
        target={target}
      />
      {scores.length === 0 ? (
        <p className="text-ink-muted">
          {archivedForFamily(access, 'scores.add')
            ? `No ${test.name} scores yet.`
            : test.emptyText[kindOf(access)]}
        </p>
      ) : (
        <>
          {superscore ? (
            <Superscore test={test} superscore={superscore} />
          ) : (
            <p className="text-ink-muted">
              No official {test.name} yet: the superscore counts official tests only.
            </p>
          )}
          {allEntries && allEntries.cumulative !== superscore?.cumulative ? (
            <p className="-mt-2 text-sm text-ink-muted">
              Counting practice and diagnostic tests too: {allEntries.cumulative}.
            </p>
          ) : null}
          <ProgressLine test={test} scores={scores} />
          <ScoreChart test={test} scores={scores} target={target} />
          <ScoreTable
            test={test}
            scores={scores}
            canChange={(score) => canChangeScore(access, viewer, score)}
            onEdit={(entry) => setEditing({ entry })}
            onDelete={setDeleting}
          />
          {test.kind === 'act' ? <p className="text-sm text-ink-muted">{ACT_COMPOSITE_NOTE}</p> : null}
        </>
      )}
      {editable ? (
        <>
          <AddScoreDialog
            studentUuid={student.uuid}
            test={test}
            entry={editing?.entry ?? null}
            scores={scores}
            open={editing !== null}
            onClose={() => setEditing(null)}
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
  return `${test.cumulativeLabel} ${score.cumulative}: ${sectionsText(test, score)}`
}

/** Progress from the first diagnostic or practice test to the newest entry (docs/product.md#progress). */
function ProgressLine({ test, scores }: { test: TestInfo; scores: AnyScore[] }) {
  const words = progressWords(test, scoreProgress(scores))
  return words ? <p className="text-ink">{words}</p> : null
}
