import { useMutation, useQueryClient } from '@tanstack/react-query'
import { actScoreSchema, satScoreSchema } from '../../../../shared/scores'
import { apiFetch } from '../../../lib/api-client'
import { invalidateRecord } from './invalidate-record'

export type TestKind = 'sat' | 'act'

export interface SatScoreBody {
  date: string
  english: number
  math: number
}
export interface ActScoreBody extends SatScoreBody {
  reading: number
  science: number
}
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
