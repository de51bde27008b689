import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { formatTimestamp } from '../../../../shared/dates'
import { ROLE_LABELS } from '../../../../shared/roles'
import type { AdminStudentRow } from '../../../../shared/students'
import { Alert } from '../../../components/ui/alert'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { SpinnerIcon } from '../../../components/ui/icons'
import { LoadMore } from '../../../components/ui/load-more'
import { RoleLabelBadges } from '../../../components/ui/role-badges'
import { ListSkeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { useSetStudentArchived } from '../api/archive-student'
import { adminStudentsQueryOptions } from '../api/get-admin-students'
import { ArchiveTabs } from './archive-tabs'
import { LatestScore } from './staff-students'

/**
 * Manage Students (/admin/students): active students with team and scores; archive and restore.
 * A page at a time (`GET /v1/screens/admin/students?tab=…`), searchable by name or email, with
 * "Load more students" as on Manage Users.
 */
export function ManageStudents({ archived }: { archived: boolean }) {
  const searchId = useId()
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim())
  const tab = archived ? 'archived' : 'active'
  const students = useInfiniteQuery({
    ...adminStudentsQueryOptions({ tab, q }),
    // While a new search loads, the last results stay; never another tab's rows under this tab's heading.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3]?.tab === tab ? previous : undefined,
  })
  const rows = students.data?.pages.flatMap((page) => page.students) ?? []
  const counts = students.data?.pages[0]?.counts ?? null
  const noun = (count: number) => (count === 1 ? 'student' : 'students')
  return (
    <>
      <ArchiveTabs to="/admin/students" counts={counts} />
      <section
        aria-labelledby="manage-students-heading"
        className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6"
      >
        <h2 id="manage-students-heading" tabIndex={-1} className="text-xl font-semibold outline-none">
          {archived ? 'Archived students' : 'Active students'}
        </h2>
        <search aria-label="Students">
          <form className="flex flex-col gap-1.5" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor={searchId} className="font-medium">
              Search by name or email
            </label>
            <input
              id={searchId}
              type="search"
              className="field-input"
              value={search}
              autoComplete="off"
              onChange={(event) => setSearch(event.target.value)}
            />
          </form>
        </search>
        {students.isPending ? (
          <ListSkeleton label="Loading students…" rows={['h-6 w-full', 'h-6 w-full', 'h-6 w-2/3']} />
        ) : students.isError && rows.length === 0 ? (
          <Alert tone="danger">Could not load the students: {errorMessage(students.error)}</Alert>
        ) : rows.length === 0 && q !== '' ? (
          <div className="rounded-lg border border-dashed border-line-strong p-5">
            <p className="font-semibold">
              No {archived ? 'archived' : 'active'} students match “{q}”.
            </p>
            <p className="mt-1 text-ink-muted">Check the spelling, or search for part of a name or email.</p>
            <button type="button" className="btn btn-secondary btn-small mt-3" onClick={() => setSearch('')}>
              Clear search
            </button>
          </div>
        ) : archived ? (
          <ArchivedTable students={rows} />
        ) : (
          <ActiveTable students={rows} />
        )}
        <LoadMore
          query={students}
          label="Load more students"
          status={
            students.isPlaceholderData
              ? 'Searching…'
              : students.isSuccess && rows.length > 0
                ? `Showing ${rows.length} ${noun(rows.length)}${students.hasNextPage ? '; more to load' : ''}${q ? ` matching “${q}”` : ''}.`
                : ''
          }
        />
      </section>
    </>
  )
}

const focusHeading = () => document.getElementById('manage-students-heading')?.focus()

function ActiveTable({ students }: { students: AdminStudentRow[] }) {
  const [archiving, setArchiving] = useState<AdminStudentRow | null>(null)
  const setArchived = useSetStudentArchived()
  if (students.length === 0) {
    return (
      <p className="text-ink-muted">
        No active students. Invite a student from <Link to="/admin/users">Manage Users</Link>; they appear
        here once they have signed up.
      </p>
    )
  }
  return (
    <>
      <table className="data-table data-table-stacked">
        <caption className="sr-only">Active students with their team and latest scores</caption>
        <thead>
          <tr>
            <th scope="col">Student</th>
            <th scope="col">Team</th>
            <th scope="col">Latest SAT</th>
            <th scope="col">Latest ACT</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {students.map((student) => (
            <tr key={student.uuid}>
              <StudentCell student={student} />
              <TeamCell student={student} />
              <td data-label="Latest SAT">
                <LatestScore score={student.latestSat} />
              </td>
              <td data-label="Latest ACT">
                <LatestScore score={student.latestAct} />
              </td>
              <td className="cell-wide sm:text-right">
                <button
                  type="button"
                  className="btn btn-secondary btn-small text-danger"
                  aria-label={`Archive ${student.name}`}
                  onClick={() => setArchiving(student)}
                >
                  Archive
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={archiving !== null}
        onClose={() => setArchiving(null)}
        title={archiving ? `Archive ${archiving.name}?` : ''}
        description="They leave active lists and educators' navigation; their data is kept. You can restore them from the Archived tab."
        confirmLabel="Archive student"
        fallbackFocus={focusHeading}
        onConfirm={async () => {
          if (!archiving) return
          await setArchived.mutateAsync({ uuid: archiving.uuid, archived: true })
          toast(`${archiving.name} archived`)
        }}
      />
    </>
  )
}

function ArchivedTable({ students }: { students: AdminStudentRow[] }) {
  if (students.length === 0) {
    return (
      <p className="text-ink-muted">
        No archived students. Archiving a student from the Active tab keeps their record and takes them out of
        everyday lists.
      </p>
    )
  }
  return (
    <table className="data-table data-table-stacked">
      <caption className="sr-only">Archived students, with the date each was archived</caption>
      <thead>
        <tr>
          <th scope="col">Student</th>
          <th scope="col">Team</th>
          <th scope="col">Archived</th>
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {students.map((student) => (
          <tr key={student.uuid}>
            <StudentCell student={student} />
            <TeamCell student={student} />
            <td data-label="Archived">{student.archivedAt ? formatTimestamp(student.archivedAt) : '-'}</td>
            <td className="sm:text-right">
              <RestoreButton student={student} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function RestoreButton({ student }: { student: AdminStudentRow }) {
  const setArchived = useSetStudentArchived()
  // The promise, not `mutate`'s callbacks: the row leaves the list (and unmounts) while the
  // refetches are still running, and callbacks of an unmounted caller never run.
  const restore = () =>
    setArchived.mutateAsync({ uuid: student.uuid, archived: false }).then(
      () => {
        toast(`${student.name} restored`)
        focusHeading()
      },
      (error: unknown) => toast(`Could not restore ${student.name}: ${errorMessage(error)}`),
    )
  return (
    <button
      type="button"
      className="btn btn-secondary btn-small"
      aria-label={`Restore ${student.name}`}
      onClick={restore}
      disabled={setArchived.isPending}
      aria-disabled={setArchived.isPending}
    >
      {setArchived.isPending ? <SpinnerIcon className="size-4" /> : null}
      {setArchived.isPending ? 'Restoring…' : 'Restore'}
    </button>
  )
}

function StudentCell({ student }: { student: AdminStudentRow }) {
  return (
    <th scope="row" className="cell-wide">
      <Link to="/students/$uuid" params={{ uuid: student.uuid }} className="font-semibold break-words">
        {student.name || 'Unnamed student'}
      </Link>
    </th>
  )
}

function TeamCell({ student }: { student: AdminStudentRow }) {
  return (
    <td data-label="Team" className="cell-wide">
      {student.team.length === 0 ? (
        <span className="text-ink-muted">No team yet</span>
      ) : (
        <ul className="flex flex-col items-end gap-1 sm:items-start">
          {student.team.map((member) => (
            <li
              key={member.uuid}
              className="flex flex-wrap items-center justify-end gap-1.5 sm:justify-start"
            >
              <Link to="/users/$uuid" params={{ uuid: member.uuid }} className="break-words">
                {member.name || 'Unnamed member'}
              </Link>
              <RoleLabelBadges
                labels={member.roles.map((role) => ROLE_LABELS[role])}
                label={`${member.name || 'Unnamed member'}'s roles`}
              />
            </li>
          ))}
        </ul>
      )}
    </td>
  )
}
