import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type DocumentUpdate, documentSchema } from '../../../../shared/documents'
import { apiFetch } from '../../../lib/api-client'
import { invalidateRecord } from '../../../lib/invalidate-record'

/** PUT: the document's fields plus `creatorUUID`, which must equal the stored creator. */
export function updateDocument(studentUuid: string, documentUuid: string, body: DocumentUpdate) {
  return apiFetch(
    `/v1/students/${encodeURIComponent(studentUuid)}/documents/${encodeURIComponent(documentUuid)}`,
    { method: 'PUT', body, schema: documentSchema },
  )
}

export function useUpdateDocument(studentUuid: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ documentUuid, body }: { documentUuid: string; body: DocumentUpdate }) =>
      updateDocument(studentUuid, documentUuid, body),
    onSettled: () => invalidateRecord(queryClient, studentUuid),
  })
}
