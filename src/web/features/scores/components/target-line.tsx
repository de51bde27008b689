import { useId, useState } from 'react'
import { formatPlainDate } from '../../../../shared/dates'
import { kindOf } from '../../../../shared/record-rules'
import type { Student } from '../../../../shared/students'
import { Alert } from '../../../components/ui/alert'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { canChangeScores, type RecordAccess } from '../../../lib/record-access'
import { useStudentRules } from '../../../lib/student-rules'
import { useSetTargets } from '../api/add-score'
import { pointsToTarget, type TestInfo } from '../score-tests'

/**
 * "Target 1450 by Mar 14, 2026: 70 points to go", from the best official total; writers set or
 * clear it and the test date it is for. A student sets their own only while admins allow it
 * (docs/product.md#what-students-may-change); otherwise the line says who does.
 */
export function TargetLine({
  student,
  test,
  access,
  best,
  target,
}: {
  student: Student
  test: TestInfo
  access: RecordAccess
  best: number | null
  target: number | null
}) {
  const id = useId()
  const setTargets = useSetTargets(student.uuid)
  const rules = useStudentRules(access)
  const [open, setOpen] = useState(false)
  const [value, setValue] = useState('')
  const [date, setDate] = useState('')
  const [error, setError] = useState<string | null>(null)
  const by = test.kind === 'sat' ? student.targets?.satDate : student.targets?.actDate
  const words = pointsToTarget(best, target, by ? formatPlainDate(by) : undefined)
  const writer = canChangeScores(access)
  const keptToStaff = writer && kindOf(access) === 'self' && !rules.studentsSetTargets
  const editable = writer && !keptToStaff
  if (!words && !writer) return null

  const save = async (event: React.FormEvent) => {
    event.preventDefault()
    setError(null)
    const typed = value.trim()
    const dateKey = test.kind === 'sat' ? 'satDate' : 'actDate'
    try {
      await setTargets.mutateAsync({
        [test.kind]: typed === '' ? null : Number(typed),
        [dateKey]: typed === '' || date === '' ? null : date,
      })
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
              setDate(by ?? '')
              setOpen(true)
            }}
          >
            {target === null ? `Set ${test.name} target` : `Change ${test.name} target`}
          </button>
        ) : null}
      </div>
      {keptToStaff ? <p className="text-sm text-ink-muted">Your coach sets your targets.</p> : null}
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
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-date`} className="font-medium">
              By the test on <span className="font-normal text-ink-muted">(optional)</span>
            </label>
            <input
              id={`${id}-date`}
              type="date"
              className="field-input w-44"
              value={date}
              onChange={(event) => setDate(event.target.value)}
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
