import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ActScore, actScoreSchema, type SatScore, satScoreSchema } from '../../../../shared/scores'
import { apiFetch } from '../../../lib/api-client'
import { invalidateRecord } from './invalidate-record'

export type TestKind = 'sat' | 'act'

/** A score as the API takes it: the entry without its read-only `cumulative`. */
export type SatScoreBody = Omit<SatScore, 'cumulative'>
export type ActScoreBody = Omit<ActScore, 'cumulative'>
export type ScoreBody = SatScoreBody | ActScoreBody

export const scorePath = (studentUuid: string, test: TestKind) =>
  `/v1/students/${encodeURIComponent(studentUuid)}/${test}-scores`

export function addScore(studentUuid: string, test: TestKind, body: ScoreBody) {
  return apiFetch(scorePath(studentUuid, test), {
    method: 'POST',
    body,
    schema: test === 'sat' ? satScoreSchema : actScoreSchema,
  })
}

export function useAddScore(studentUuid: string, test: TestKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ScoreBody) => addScore(studentUuid, test, body),
    onSuccess: () => invalidateRecord(queryClient, studentUuid),
  })
}
