import { useState } from 'react'
import { formatTimestamp } from '../../../../shared/dates'
import type { PendingGuardianInvite } from '../../../../shared/guardians'
import { Alert } from '../../../components/ui/alert'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { CopyLink } from '../../../components/ui/copy-link'
import { SpinnerIcon } from '../../../components/ui/icons'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { guardianInviteToast } from '../../../lib/invite-mail-outcome'
import { useGuardianInviteAction, useGuardianInvites } from '../api/guardians'

/**
 * "Invites waiting for an answer": the record's guardian invites nobody has used yet, as the
 * server keeps them (so they outlast a reload), each with Resend and, set apart, Withdraw.
 */
export function PendingGuardianInvites({
  studentUuid,
  studentName,
}: {
  studentUuid: string
  studentName: string
}) {
  const invites = useGuardianInvites(studentUuid, true)
  const [cancelling, setCancelling] = useState<PendingGuardianInvite | null>(null)
  const action = useGuardianInviteAction(studentUuid)

  if (invites.isPending) return null
  if (invites.isError) {
    return <Alert tone="danger">Could not load the open invites: {errorMessage(invites.error)}</Alert>
  }
  if (invites.data.length === 0) return null

  return (
    <div className="flex flex-col gap-2 border-t border-line pt-4">
      <h3 id="family-invites-heading" tabIndex={-1} className="font-semibold outline-none">
        Invites waiting for an answer
      </h3>
      <ul aria-labelledby="family-invites-heading" className="flex flex-col divide-y divide-line">
        {invites.data.map((invite) => (
          <InviteRow
            key={invite.uuid}
            studentUuid={studentUuid}
            invite={invite}
            onCancel={() => setCancelling(invite)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={cancelling ? `Withdraw the invite to ${cancelling.email}?` : ''}
        description={`The link stops working at once. You can invite them to ${studentName}'s family again later.`}
        confirmLabel="Withdraw invite"
        fallbackFocus={() => document.getElementById('family-invites-heading')?.focus()}
        onConfirm={async () => {
          if (!cancelling) return
          await action.mutateAsync({ action: 'cancel', inviteUuid: cancelling.uuid })
          toast(`Invite to ${cancelling.email} withdrawn`)
        }}
      />
    </div>
  )
}

interface InviteRowProps {
  studentUuid: string
  invite: PendingGuardianInvite
  onCancel: () => void
}

function InviteRow({ studentUuid, invite, onCancel }: InviteRowProps) {
  const resend = useGuardianInviteAction(studentUuid)
  const context = `for ${invite.email}`
  const expired = invite.status === 'expired'
  const run = () =>
    resend.mutate(
      { action: 'resend', inviteUuid: invite.uuid },
      {
        onSuccess: ({ expiresAt, mail }) =>
          toast(
            `${guardianInviteToast(invite.email, mail, true)}${expiresAt ? `; the link works until ${formatTimestamp(expiresAt)}` : ''}`,
          ),
      },
    )

  return (
    <li className="flex flex-col gap-2 py-2.5">
      <div className="flex min-w-0 flex-col">
        {invite.name ? (
          <>
            <span className="font-semibold [overflow-wrap:anywhere]">{invite.name}</span>
            <span className="text-sm text-ink-muted [overflow-wrap:anywhere]">{invite.email}</span>
          </>
        ) : (
          <span className="font-semibold [overflow-wrap:anywhere]">{invite.email}</span>
        )}
        <span className="text-sm text-ink-muted">
          {invite.relationship} · {expired ? 'Expired' : 'Link works until'}{' '}
          {formatTimestamp(invite.expiresAt)}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {expired || !invite.link ? null : (
          <CopyLink url={invite.link} context={`for the invite to ${invite.email}`} />
        )}
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={resend.isPending}
          aria-disabled={resend.isPending}
          onClick={run}
        >
          {resend.isPending ? <SpinnerIcon className="size-4" /> : null}
          Resend<span className="sr-only"> {context}</span>
        </button>
        <button type="button" className="btn btn-quiet btn-small ml-auto text-danger" onClick={onCancel}>
          Withdraw<span className="sr-only"> {context}</span>
        </button>
      </div>
      {resend.error ? <Alert tone="danger">Could not resend: {errorMessage(resend.error)}</Alert> : null}
    </li>
  )
}
