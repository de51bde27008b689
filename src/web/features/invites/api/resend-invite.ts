import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sentInviteSchema } from '../../../../shared/invites'
import { apiFetch } from '../../../lib/api-client'
import { invalidateInvites } from './invalidate-invites'

/**
 * `POST /v1/user-invites/{id}/resend`: renews `expiresAt` and, when the invite has an email,
 * mails the link again. Available and expired invites only (a used one answers 409).
 */
export const resendInvite = (uuid: string) =>
  apiFetch(`/v1/user-invites/${encodeURIComponent(uuid)}/resend`, {
    method: 'POST',
    body: {},
    schema: sentInviteSchema,
  })

export function useResendInvite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resendInvite,
    onSettled: () => invalidateInvites(queryClient),
  })
}
