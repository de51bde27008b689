import { useId, useState } from 'react'
import { formatPlainDate } from '../../../../shared/dates'
import { archivedForFamily, kindOf } from '../../../../shared/record-rules'
import { scoreProgress } from '../../../../shared/scores'
import type { Student } from '../../../../shared/students'
import type { CurrentUser } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { canChangeScore, canChangeScores, type RecordAccess } from '../../../lib/record-access'
import { useSetTargets } from '../api/add-score'
import { useDeleteScore } from '../api/delete-score'
import {
  ACT_COMPOSITE_NOTE,
  type AnyScore,
  pointsToTarget,
  progressWords,
  scoresOf,
  sectionsText,
  type TestInfo,
} from '../score-tests'
import { AddScoreDialog } from './add-score-dialog'
import { ScoreChart } from './score-chart'
import { ScoreTable } from './score-table'
import { Superscore } from './superscore'

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
        editable={editable}
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

/** "Target 1450: 70 points to go", from the best official total; writers set or clear it. */
function TargetLine({
  student,
  test,
  editable,
  best,
  target,
}: {
  student: Student
  test: TestInfo
  editable: boolean
  best: number | null
  target: number | null
}) {
  const id = useId()
  const setTargets = useSetTargets(student.uuid)
  const [open, setOpen] = useState(false)
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const words = pointsToTarget(best, target)
  if (!words && !editable) return null

  const save = async (event: React.FormEvent) => {
    event.preventDefault()
    setError(null)
    const typed = value.trim()
    try {
      await setTargets.mutateAsync({ [test.kind]: typed === '' ? null : Number(typed) })
      toast(typed === '' ? `${test.name} target cleared` : `${test.name} target set to ${typed}`)
      setOpen(false)
    } catch (caught) {
      setError(errorMessage(caught))
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        {words ? (
          <p className="font-medium">{words}</p>
        ) : (
          <p className="text-ink-muted">No {test.name} target yet.</p>
        )}
        {editable && !open ? (
          <button
            type="button"
            className="btn btn-quiet btn-small"
            onClick={() => {
              setValue(target === null ? '' : String(target))
              setOpen(true)
            }}
          >
            {target === null ? `Set ${test.name} target` : `Change ${test.name} target`}
          </button>
        ) : null}
      </div>
      {open ? (
        <form onSubmit={save} className="flex flex-wrap items-end gap-3" noValidate>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={id} className="font-medium">
              {test.name} target {test.cumulativeLabel.toLowerCase()}
            </label>
            <input
              id={id}
              className="field-input w-32"
              inputMode="numeric"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              aria-describedby={`${id}-help`}
            />
          </div>
          <button type="submit" className="btn btn-primary btn-small" disabled={setTargets.isPending}>
            Save target
          </button>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setOpen(false)}>
            Cancel
          </button>
          <p id={`${id}-help`} className="w-full text-sm text-ink-muted">
            {test.kind === 'sat' ? '400 to 1600, in steps of 10.' : '1 to 36.'} Empty clears it.
          </p>
        </form>
      ) : null}
      {error ? <Alert tone="danger">{error}</Alert> : null}
    </div>
  )
}

/** Progress from the first diagnostic or practice test to the newest entry (docs/product.md#progress). */
function ProgressLine({ test, scores }: { test: TestInfo; scores: AnyScore[] }) {
  const words = progressWords(test, scoreProgress(scores))
  return words ? <p className="text-ink">{words}</p> : null
}
