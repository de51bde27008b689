import { formatTimestamp } from '../../../../shared/dates'
import { useGuardianInvites } from '../api/guardians'

/**
 * The student's view of the invites they sent their parents (at onboarding): who, and until when
 * the link works. The links are the parents' own, so the student sees no link and no actions;
 * their team resends or withdraws them.
 */
export function SentInvites({ studentUuid }: { studentUuid: string }) {
  const invites = useGuardianInvites(studentUuid, true)
  if (!invites.data || invites.data.length === 0) return null
  return (
    <div className="flex flex-col gap-2 border-t border-line pt-4">
      <h3 id="family-sent-heading" className="font-semibold">
        Invites waiting for an answer
      </h3>
      <ul aria-labelledby="family-sent-heading" className="flex flex-col divide-y divide-line">
        {invites.data.map((invite) => (
          <li key={invite.uuid} className="flex flex-col py-2.5">
            <span className="font-semibold [overflow-wrap:anywhere]">{invite.email}</span>
            <span className="text-sm text-ink-muted">
              {invite.relationship} ·{' '}
              {invite.status === 'expired'
                ? 'Expired: ask your coach to send it again'
                : `Link works until ${formatTimestamp(invite.expiresAt)}`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
