import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiFetch } from '../../../lib/api-client'
import { invalidateInvites } from './invalidate-invites'

/** `DELETE /v1/user-invites/{id}`: 204; the link stops working at once. */
export const deleteInvite = (uuid: string) =>
  apiFetch(`/v1/user-invites/${encodeURIComponent(uuid)}`, { method: 'DELETE', schema: z.undefined() })

export function useDeleteInvite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteInvite,
    onSettled: () => invalidateInvites(queryClient),
  })
}
