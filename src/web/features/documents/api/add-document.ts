import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type DocumentInput, documentSchema } from '../../../../shared/documents'
import { apiFetch } from '../../../lib/api-client'
import { invalidateRecord } from '../../../lib/invalidate-record'

export function addDocument(studentUuid: string, body: DocumentInput) {
  return apiFetch(`/v1/students/${encodeURIComponent(studentUuid)}/documents`, {
    method: 'POST',
    body,
    schema: documentSchema,
  })
}

export function useAddDocument(studentUuid: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: DocumentInput) => addDocument(studentUuid, body),
    onSuccess: () => invalidateRecord(queryClient, studentUuid),
  })
}
