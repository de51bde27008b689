import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api-client'
import { invalidateRecord } from '../../../lib/invalidate-record'
import { noContentSchema } from '../../../lib/no-content'

export function deleteDocument(studentUuid: string, documentUuid: string) {
  return apiFetch(
    `/v1/students/${encodeURIComponent(studentUuid)}/documents/${encodeURIComponent(documentUuid)}`,
    { method: 'DELETE', schema: noContentSchema },
  )
}

export function useDeleteDocument(studentUuid: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (documentUuid: string) => deleteDocument(studentUuid, documentUuid),
    onSettled: () => invalidateRecord(queryClient, studentUuid),
  })
}
