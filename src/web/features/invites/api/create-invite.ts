import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateInviteBody } from '../../../../shared/invites'
import { sentInviteSchema } from '../../../../shared/invites'
import { apiFetch } from '../../../lib/api-client'
import { invalidateInvites } from './invalidate-invites'

/** `POST /v1/user-invites`: 201 with the invite; the server emails the link when `email` is set. */
export const createInvite = (body: CreateInviteBody) =>
  apiFetch('/v1/user-invites', { method: 'POST', body, schema: sentInviteSchema })

export function useCreateInvite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createInvite,
    onSettled: () => invalidateInvites(queryClient),
  })
}
