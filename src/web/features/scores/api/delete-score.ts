import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api-client'
import { invalidateRecord } from '../../../lib/invalidate-record'
import { noContentSchema } from '../../../lib/no-content'
import { type ScoreBody, scorePath, type TestKind } from './add-score'

/** Deletes the entry by its uuid; an entry without one (never, since uuids) by its values. */
export function deleteScore(studentUuid: string, test: TestKind, score: ScoreBody) {
  if (score.uuid) {
    return apiFetch(`${scorePath(studentUuid, test)}/${encodeURIComponent(score.uuid)}`, {
      method: 'DELETE',
      schema: noContentSchema,
    })
  }
  return apiFetch(scorePath(studentUuid, test), { method: 'DELETE', body: score, schema: noContentSchema })
}

export function useDeleteScore(studentUuid: string, test: TestKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (score: ScoreBody) => deleteScore(studentUuid, test, score),
    onSettled: () => invalidateRecord(queryClient, studentUuid),
  })
}
