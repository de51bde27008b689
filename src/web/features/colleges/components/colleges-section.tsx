import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import {
  COLLEGE_STATUSES,
  type CollegeEntry,
  type CollegeStatus,
  ROUND_LABELS,
} from '../../../../shared/colleges'
import { formatPlainDate } from '../../../../shared/dates'
import { kindOf } from '../../../../shared/record-rules'
import type { Student } from '../../../../shared/students'
import { todayIn } from '../../../../shared/tasks'
import type { CurrentUser } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { lazyDialog } from '../../../components/ui/lazy-dialog'
import { ListSkeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import {
  byNetCost,
  canEditAid,
  canEditCollegePlan,
  daysLeft,
  dollars,
  viewerTimeZone,
} from '../../../lib/plan-rules'
import type { RecordAccess } from '../../../lib/record-access'
import { useStudentRules } from '../../../lib/student-rules'
import { collegesQueryOptions, useDeleteCollege, useSaveCollege } from '../api'
import { STATUS_LABELS } from '../college-words'

const CollegeDialog = lazyDialog(() => import('./college-dialog').then((module) => module.CollegeDialog))

interface CollegesSectionProps {
  student: Student
  viewer: CurrentUser
  access: RecordAccess
}

type Editing = { entry: CollegeEntry | null; kind: 'plan' | 'aid' } | null

/**
 * "Colleges": the list by deadline with days left (within 14 days marked), the status as a select,
 * and, once any aid figures are in, the net cost of each college, cheapest first. The student,
 * educators on the team and admins edit the list; an FAO on the team enters the aid figures.
 */
export function CollegesSection({ student, viewer, access }: CollegesSectionProps) {
  const colleges = useQuery(collegesQueryOptions(student.uuid))
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<CollegeEntry | null>(null)
  const remove = useDeleteCollege(student.uuid)
  const list = colleges.data?.colleges ?? []
  const editor = canEditCollegePlan(access)
  // A student may be kept to the entries they added (docs/product.md#what-students-may-change).
  const rules = useStudentRules(access)
  const mayChange = (entry: CollegeEntry) =>
    editor &&
    (kindOf(access) !== 'self' || rules.studentsEditOthersColleges || entry.createdByUUID === viewer.uuid)
  const aidEditor = canEditAid(access, viewer)
  const today = todayIn(viewerTimeZone(viewer))
  const ranked = byNetCost(list)

  return (
    <section aria-labelledby="colleges-heading" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="colleges-heading" tabIndex={-1} className="text-xl font-semibold outline-none">
          Colleges
        </h2>
        {editor ? (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => setEditing({ entry: null, kind: 'plan' })}
          >
            Add college
          </button>
        ) : null}
      </div>
      {colleges.isPending ? (
        <ListSkeleton label="Loading the college list…" rows={['h-5 w-56', 'h-5 w-48', 'h-5 w-40']} />
      ) : colleges.isError ? (
        <Alert tone="danger">The college list could not be loaded: {errorMessage(colleges.error)}</Alert>
      ) : list.length === 0 ? (
        <p className="text-ink-muted">
          No colleges yet. Add each college with its round and deadline to see the days left at a glance.
        </p>
      ) : (
        <table className="data-table data-table-stacked">
          <caption className="sr-only">{`${student.name || 'The student'}'s college list, by deadline`}</caption>
          <thead>
            <tr>
              <th scope="col">College</th>
              <th scope="col">Round</th>
              <th scope="col">Deadline</th>
              <th scope="col">Status</th>
              {editor || aidEditor ? (
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {list.map((entry) => (
              <CollegeRow
                key={entry.uuid}
                entry={entry}
                studentUuid={student.uuid}
                today={today}
                editor={editor}
                mayChange={mayChange(entry)}
                aidEditor={aidEditor}
                onEdit={(kind) => setEditing({ entry, kind })}
                onDelete={() => setDeleting(entry)}
              />
            ))}
          </tbody>
        </table>
      )}
      {ranked.length > 0 ? <NetCostComparison ranked={ranked} /> : null}
      {editor || aidEditor ? (
        <CollegeDialog
          studentUuid={student.uuid}
          entry={editing?.entry ?? null}
          kind={editing?.kind ?? 'plan'}
          open={editing !== null}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? `Remove ${deleting.name} from the list?` : ''}
        description="Its round, deadline, notes and aid figures go with it. This cannot be undone."
        confirmLabel="Remove college"
        fallbackFocus={() => document.getElementById('colleges-heading')?.focus()}
        onConfirm={async () => {
          if (!deleting) return
          await remove.mutateAsync(deleting.uuid)
          toast(`${deleting.name} removed`)
        }}
      />
    </section>
  )
}

interface CollegeRowProps {
  entry: CollegeEntry
  studentUuid: string
  today: string
  editor: boolean
  /** This entry's plan fields: false for a student kept to the entries they added. */
  mayChange: boolean
  aidEditor: boolean
  onEdit: (kind: 'plan' | 'aid') => void
  onDelete: () => void
}

function CollegeRow(props: CollegeRowProps) {
  const { entry, studentUuid, today, editor, mayChange, aidEditor, onEdit, onDelete } = props
  const left = daysLeft(entry.deadline, today)
  const closed = ['submitted', 'admitted', 'denied', 'withdrawn', 'enrolled'].includes(entry.status)
  return (
    <tr>
      <th scope="row" className="cell-wide">
        {/* One child per cell: on a phone each cell is a row of its label and this. */}
        <span className="min-w-0">
          <span className="block font-semibold break-words">{entry.name}</span>
          {entry.notes ? (
            <span className="block text-sm font-normal text-ink-muted break-words">{entry.notes}</span>
          ) : null}
        </span>
      </th>
      <td data-label="Round">{ROUND_LABELS[entry.round]}</td>
      <td data-label="Deadline">
        <span className="text-right sm:text-left">
          {entry.deadline ? formatPlainDate(entry.deadline) : <span className="text-ink-muted">None</span>}
          {left ? (
            <span
              className={`block text-sm ${left.soon && !closed ? 'font-semibold text-warning' : 'text-ink-muted'}`}
            >
              {left.text}
            </span>
          ) : null}
        </span>
      </td>
      <td data-label="Status">
        {mayChange ? <StatusSelect entry={entry} studentUuid={studentUuid} /> : STATUS_LABELS[entry.status]}
      </td>
      {editor || aidEditor ? (
        <td data-label="Actions">
          <div className="-ml-3 flex flex-wrap gap-1">
            {editor && !mayChange ? (
              <span className="pl-3 text-sm text-ink-muted">Your team changes this one</span>
            ) : null}
            {mayChange ? (
              <>
                <button
                  type="button"
                  className="btn btn-quiet btn-small"
                  onClick={() => onEdit('plan')}
                  aria-label={`Edit ${entry.name}`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-quiet btn-small text-danger"
                  onClick={onDelete}
                  aria-label={`Remove ${entry.name}`}
                >
                  Remove
                </button>
              </>
            ) : null}
            {aidEditor ? (
              <button
                type="button"
                className="btn btn-quiet btn-small"
                onClick={() => onEdit('aid')}
                aria-label={`Aid figures for ${entry.name}`}
              >
                Aid figures
              </button>
            ) : null}
          </div>
        </td>
      ) : null}
    </tr>
  )
}

/** The status, saved as soon as it is chosen. */
function StatusSelect({ entry, studentUuid }: { entry: CollegeEntry; studentUuid: string }) {
  const id = useId()
  const save = useSaveCollege(studentUuid)
  const [shown, setShown] = useState<CollegeStatus | null>(null)
  const change = async (status: CollegeStatus) => {
    setShown(status)
    try {
      await save.mutateAsync({ entryUuid: entry.uuid, body: { status } })
      toast(`${entry.name}: ${STATUS_LABELS[status]}`)
    } catch (error) {
      toast(`Could not change the status: ${errorMessage(error)}`)
    } finally {
      setShown(null)
    }
  }
  return (
    <>
      <label htmlFor={id} className="sr-only">{`Status of ${entry.name}`}</label>
      <select
        id={id}
        className="field-input min-w-36 py-1"
        value={shown ?? entry.status}
        onChange={(event) => change(event.target.value as CollegeStatus)}
      >
        {COLLEGE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </select>
    </>
  )
}

/** Net cost (cost of attendance less aid) of every college with both figures, cheapest first. */
function NetCostComparison({ ranked }: { ranked: (CollegeEntry & { netCost: number })[] }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 id="net-cost-heading" className="text-lg font-semibold">
        Net cost, cheapest first
      </h3>
      <p className="text-sm text-ink-muted">Cost of attendance less the aid offered, per year.</p>
      <ol aria-labelledby="net-cost-heading" className="flex flex-col divide-y divide-line">
        {ranked.map((entry, index) => (
          <li key={entry.uuid} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
            <span className="font-medium break-words">
              {index + 1}. {entry.name}
            </span>
            <span className="text-sm text-ink-muted tabular-nums">
              {dollars(entry.costOfAttendance ?? 0)} less {dollars(entry.aidOffered ?? 0)} ={' '}
              <span className="text-base font-semibold text-ink">{dollars(entry.netCost)}</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  )
}
