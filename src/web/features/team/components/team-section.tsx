import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { Student } from '../../../../shared/students'
import type { UserSummary } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { SpinnerIcon } from '../../../components/ui/icons'
import { RoleBadges } from '../../../components/ui/role-badges'
import { Skeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { canManageTeam, type RecordAccess } from '../../../lib/record-access'
import { useChangeTeam } from '../api/change-team'
import { availableUsersQueryOptions } from '../api/get-available-users'

/** "Team": the educators and FAOs who work with the student; admins add and remove them. */
export function TeamSection({ student, access }: { student: Student; access: RecordAccess }) {
  const manage = canManageTeam(access)
  const [removing, setRemoving] = useState<UserSummary | null>(null)
  const removeMember = useChangeTeam(student.uuid, 'remove')

  return (
    <section aria-labelledby="team-heading" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <h2 id="team-heading" tabIndex={-1} className="text-xl font-semibold outline-none">
        Team
      </h2>
      {student.team.length === 0 ? (
        <p className="text-ink-muted">
          No one on the team yet.{' '}
          {manage ? 'Add an educator below to start.' : 'An admin adds educators and financial-aid officers.'}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {student.team.map((member) => (
            <li key={member.uuid} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
              <div className="flex min-w-0 flex-wrap items-center gap-2">
                <Link to="/users/$uuid" params={{ uuid: member.uuid }} className="font-semibold break-words">
                  {member.name || 'Unnamed member'}
                </Link>
                <RoleBadges user={member} label={`Roles of ${member.name}`} />
              </div>
              {manage ? (
                <button
                  type="button"
                  className="btn btn-quiet btn-small text-danger"
                  aria-label={`Remove ${member.name} from the team`}
                  onClick={() => setRemoving(member)}
                >
                  Remove
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {manage ? <AddMember studentUuid={student.uuid} /> : null}
      {manage ? (
        <ConfirmDialog
          open={removing !== null}
          onClose={() => setRemoving(null)}
          title={removing ? `Remove ${removing.name} from ${student.name}'s team?` : ''}
          description="They will no longer see this record. Their documents stay."
          confirmLabel="Remove from team"
          fallbackFocus={() => document.getElementById('team-heading')?.focus()}
          onConfirm={async () => {
            if (!removing) return
            await removeMember.mutateAsync(removing.uuid)
            toast(`${removing.name} removed from the team`)
          }}
        />
      ) : null}
    </section>
  )
}

/** The add-member picker, fed by `GET /v1/users?available-for=` (educators and FAOs not on the team). */
function AddMember({ studentUuid }: { studentUuid: string }) {
  const selectId = useId()
  const available = useQuery(availableUsersQueryOptions(studentUuid))
  const addMember = useChangeTeam(studentUuid, 'add')
  const [chosen, setChosen] = useState('')
  const [error, setError] = useState<string | null>(null)

  if (available.isPending) return <Skeleton className="h-11 w-full" />
  if (available.isError)
    return <Alert tone="danger">Could not load who can join: {errorMessage(available.error)}</Alert>
  if (available.data.length === 0) {
    return (
      <p className="text-sm text-ink-muted">
        Every educator and financial-aid officer is already on this team.
      </p>
    )
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setError(null)
    const person = available.data.find((user) => user.uuid === chosen)
    if (!person) {
      setError('Choose a person to add.')
      return
    }
    try {
      await addMember.mutateAsync(person.uuid)
      setChosen('')
      toast(`${person.name} added to the team`)
    } catch (caught) {
      setError(errorMessage(caught))
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 border-t border-line pt-4" noValidate>
      <label htmlFor={selectId} className="font-medium">
        Add a team member
      </label>
      {/* The button wraps below when the card is narrow (the record's side column), so the
          select keeps room for its placeholder at every width. */}
      <div className="flex flex-wrap gap-2">
        <select
          id={selectId}
          className="field-input min-w-0 flex-[1_1_16rem]"
          value={chosen}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">Choose an educator or FAO…</option>
          {available.data.map((user) => (
            <option key={user.uuid} value={user.uuid}>
              {user.name || user.email} (
              {[user.profileEducator ? 'Educator' : null, user.profileFao ? 'FAO' : null]
                .filter(Boolean)
                .join(', ')}
              ) · {user.email}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-secondary shrink-0" disabled={addMember.isPending}>
          {addMember.isPending ? <SpinnerIcon className="size-4" /> : null}
          Add to team
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </form>
  )
}
