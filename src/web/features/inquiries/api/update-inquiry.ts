import { useMutation, useQueryClient } from '@tanstack/react-query'
import { inquirySchema } from '../../../../shared/contact'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'
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
    // The sidebar's open-inquiries badge counts from the admin overview: it refreshes too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inquiriesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.screens.adminOverview() }),
      ]),
  })
}
