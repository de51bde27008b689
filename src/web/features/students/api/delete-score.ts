import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api-client'
import { type ScoreBody, scorePath, type TestKind } from './add-score'
import { invalidateRecord } from './invalidate-record'
import { noContentSchema } from './no-content'

/** Deletes one stored entry equal to `score` (date and every section); 404 when none is. */
export function deleteScore(studentUuid: string, test: TestKind, score: ScoreBody) {
  return apiFetch(scorePath(studentUuid, test), { method: 'DELETE', body: score, schema: noContentSchema })
}

export function useDeleteScore(studentUuid: string, test: TestKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (score: ScoreBody) => deleteScore(studentUuid, test, score),
    onSettled: () => invalidateRecord(queryClient, studentUuid),
  })
}
