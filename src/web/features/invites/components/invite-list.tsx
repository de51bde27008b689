import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { formatTimestamp } from '../../../../shared/dates'
import { type AdminInvite, INVITE_LIFETIME_DAYS } from '../../../../shared/invites'
import { inviteRoleLabels } from '../../../../shared/roles'
import { Alert } from '../../../components/ui/alert'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { CopyLink } from '../../../components/ui/copy-link'
import { SpinnerIcon } from '../../../components/ui/icons'
import { RoleLabelBadges } from '../../../components/ui/role-badges'
import { ListSkeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useDeleteInvite } from '../api/delete-invite'
import { invitesQueryOptions } from '../api/get-invites'
import { useResendInvite } from '../api/resend-invite'
import { inviteLink } from '../invite-link'
import { inviteResentToast } from '../invite-mail-words'

type Status = AdminInvite['status']

const STATUSES: { status: Status; label: string; empty: string }[] = [
  {
    status: 'available',
    label: 'Available',
    empty: 'No open invites. Use “Invite someone” at the top of the page to bring someone in.',
  },
  {
    status: 'used',
    label: 'Used',
    empty: 'No invite has been used yet. Once someone joins, their invite shows here with their name.',
  },
  {
    status: 'expired',
    label: 'Expired',
    empty: `No expired invites. An invite expires ${INVITE_LIFETIME_DAYS} days after it is created or renewed.`,
  },
]

/** Newest event first: when it was used, when it lapsed, or when it was made. */
const sortKey = (invite: AdminInvite) =>
  invite.status === 'used'
    ? (invite.usedAt ?? invite.createdAt)
    : invite.status === 'expired'
      ? invite.expiresAt
      : invite.createdAt

const forWhom = (invite: AdminInvite) =>
  invite.email || (invite.bootstrap ? 'First-admin setup link' : 'Anyone with the link')

/** Who an invite is for, in words: their name and email, either one, or its roles. */
const inviteeWords = (invite: AdminInvite) =>
  invite.name && invite.email ? `${invite.name} (${invite.email})` : invite.name || invite.email

/** How an invite is named in a confirmation or a button: by its invitee, or by its roles. */
const inviteName = (invite: AdminInvite) => {
  const who = inviteeWords(invite)
  return who ? `the invite for ${who}` : `the ${inviteRoleLabels(invite).join(', ')} invite link`
}

/** Every invite by status: copy, resend or renew, delete (`GET /v1/user-invites`). */
export function InviteList({
  enabled = true,
  fallbackFocusId,
}: {
  enabled?: boolean
  fallbackFocusId: string
}) {
  const invites = useQuery({ ...invitesQueryOptions(), enabled })
  const [status, setStatus] = useState<Status>('available')
  const [deleting, setDeleting] = useState<AdminInvite | null>(null)
  const deleteInvite = useDeleteInvite()

  if (invites.isPending) {
    return <ListSkeleton label="Loading invites…" rows={['h-10 w-72 max-w-full', 'h-24 w-full']} />
  }
  if (invites.isError) {
    return <Alert tone="danger">The invites could not be loaded: {errorMessage(invites.error)}</Alert>
  }
  const current = STATUSES.find((entry) => entry.status === status) ?? STATUSES[0]
  const shown = invites.data
    .filter((invite) => invite.status === status)
    // Newest first. ISO instants sort as strings; `localeCompare` would set up the browser's collation.
    .sort((a, b) => (sortKey(a) < sortKey(b) ? 1 : sortKey(a) > sortKey(b) ? -1 : 0))

  return (
    <div className="flex flex-col gap-4">
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; these are toggle buttons */}
      <div role="group" aria-label="Show invites" className="flex flex-wrap gap-2">
        {STATUSES.map((entry) => {
          const count = invites.data.filter((invite) => invite.status === entry.status).length
          const active = entry.status === status
          return (
            <button
              key={entry.status}
              type="button"
              aria-pressed={active}
              className={`btn btn-secondary btn-small ${active ? 'border-primary bg-primary-soft text-primary-hover' : ''}`}
              onClick={() => setStatus(entry.status)}
            >
              {entry.label} ({count})
            </button>
          )
        })}
      </div>
      {shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line-strong p-5 text-ink-muted">
          {current?.empty}
        </p>
      ) : (
        <table className="data-table data-table-stacked">
          <caption className="sr-only">{current?.label} invites</caption>
          <thead>
            <tr>
              <th scope="col">For</th>
              <th scope="col">Roles</th>
              <th scope="col">Created</th>
              <th scope="col">{status === 'used' ? 'Used' : status === 'expired' ? 'Expired' : 'Expires'}</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((invite) => (
              <InviteRow key={invite.uuid} invite={invite} onDelete={() => setDeleting(invite)} />
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? `Delete ${inviteName(deleting)}?` : ''}
        description={
          deleting?.status === 'used'
            ? 'This removes the record of the invite. The account made with it stays as it is.'
            : 'The link stops working at once. You can create a new invite later.'
        }
        confirmLabel="Delete invite"
        fallbackFocus={() => document.getElementById(fallbackFocusId)?.focus()}
        onConfirm={async () => {
          if (!deleting) return
          await deleteInvite.mutateAsync(deleting.uuid)
          toast('Invite deleted')
        }}
      />
    </div>
  )
}

function InviteRow({ invite, onDelete }: { invite: AdminInvite; onDelete: () => void }) {
  const resend = useResendInvite()
  const who = inviteeWords(invite)
  const context = who ? `for ${who}` : `for the ${inviteRoleLabels(invite).join(', ')} invite`
  const renewLabel = invite.email ? 'Resend' : 'Renew'
  const renew = () =>
    resend.mutate(invite.uuid, {
      onSuccess: (renewed) => toast(inviteResentToast(renewed, formatTimestamp(renewed.expiresAt))),
    })

  return (
    <tr>
      <th scope="row" className="cell-wide font-semibold">
        {invite.name ? (
          <span className="flex flex-col">
            <span className="[overflow-wrap:anywhere]">{invite.name}</span>
            <span className="text-sm font-normal text-ink-muted [overflow-wrap:anywhere]">
              {forWhom(invite)}
            </span>
          </span>
        ) : (
          <span className={invite.email ? '[overflow-wrap:anywhere]' : 'font-normal italic'}>
            {forWhom(invite)}
          </span>
        )}
      </th>
      <td data-label="Roles">
        {invite.guardianOf ? (
          // A guardian invite links its account to one student: say whose family it joins.
          <span>
            Guardian of{' '}
            <Link to="/students/$uuid" params={{ uuid: invite.guardianOf.uuid }}>
              {invite.guardianOf.name || 'a student'}
            </Link>{' '}
            ({invite.guardianOf.relationship})
          </span>
        ) : (
          <RoleLabelBadges labels={inviteRoleLabels(invite)} />
        )}
      </td>
      <td data-label="Created" className="whitespace-nowrap">
        {formatTimestamp(invite.createdAt)}
      </td>
      <td
        data-label={invite.status === 'used' ? 'Used' : invite.status === 'expired' ? 'Expired' : 'Expires'}
        className={invite.status === 'used' ? undefined : 'whitespace-nowrap'}
      >
        {invite.status === 'used' ? <UsedBy invite={invite} /> : formatTimestamp(invite.expiresAt)}
      </td>
      <td className="cell-wide">
        <div className="flex flex-wrap items-center gap-2 sm:justify-end lg:flex-nowrap">
          {invite.status === 'available' ? (
            <CopyLink url={inviteLink(invite.uuid)} context={context} />
          ) : null}
          {invite.status !== 'used' && !invite.bootstrap ? (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={renew}
              disabled={resend.isPending}
              aria-disabled={resend.isPending}
            >
              {resend.isPending ? <SpinnerIcon className="size-4" /> : null}
              {renewLabel}
              <span className="sr-only"> {context}</span>
            </button>
          ) : null}
          <button type="button" className="btn btn-quiet btn-small text-danger" onClick={onDelete}>
            Delete<span className="sr-only"> {context}</span>
          </button>
        </div>
        {resend.isError ? (
          <div className="mt-2">
            <Alert tone="danger">
              Could not {renewLabel.toLowerCase()}: {errorMessage(resend.error)}
            </Alert>
          </div>
        ) : null}
      </td>
    </tr>
  )
}

function UsedBy({ invite }: { invite: AdminInvite }) {
  const when = invite.usedAt ? ` on ${formatTimestamp(invite.usedAt)}` : ''
  if (!invite.usedBy) return <span>{invite.usedAt ? formatTimestamp(invite.usedAt) : 'Yes'}</span>
  return (
    <span>
      By{' '}
      <Link to="/users/$uuid" params={{ uuid: invite.usedBy.uuid }}>
        {invite.usedBy.name || 'a new user'}
      </Link>
      {when}
    </span>
  )
}
