import { useMutation, useQueryClient } from '@tanstack/react-query'
import { inquirySchema } from '../../../../shared/contact'
import { apiFetch } from '../../../lib/api-client'
import { inquiriesQueryOptions } from './get-inquiries'

export const updateInquiry = (id: string, handled: boolean) =>
  apiFetch(`/v1/inquiries/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { handled },
    schema: inquirySchema,
  })

export function useUpdateInquiry() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) => updateInquiry(id, handled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inquiriesQueryOptions().queryKey }),
  })
}
