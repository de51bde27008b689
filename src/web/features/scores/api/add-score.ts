import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  type ActScore,
  actScoreSchema,
  type SatScore,
  satScoreSchema,
  type TargetsInput,
  targetsSchema,
} from '../../../../shared/scores'
import { apiFetch } from '../../../lib/api-client'
import { invalidateRecord } from '../../../lib/invalidate-record'

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

/** `PATCH …/{test}-scores/{entryId}`: the fields that changed. */
export function updateScore(studentUuid: string, test: TestKind, entryId: string, body: Partial<ScoreBody>) {
  return apiFetch(`${scorePath(studentUuid, test)}/${encodeURIComponent(entryId)}`, {
    method: 'PATCH',
    body,
    schema: test === 'sat' ? satScoreSchema : actScoreSchema,
  })
}

/** Adds an entry, or edits one when `entryId` is given. */
export function useAddScore(studentUuid: string, test: TestKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ entryId, body }: { entryId?: string | undefined; body: ScoreBody }) =>
      entryId ? updateScore(studentUuid, test, entryId, body) : addScore(studentUuid, test, body),
    onSuccess: () => invalidateRecord(queryClient, studentUuid),
  })
}

/** `PUT /v1/students/{id}/targets`. */
export function useSetTargets(studentUuid: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TargetsInput) =>
      apiFetch(`/v1/students/${encodeURIComponent(studentUuid)}/targets`, {
        method: 'PUT',
        body,
        schema: targetsSchema,
      }),
    onSuccess: () => invalidateRecord(queryClient, studentUuid),
  })
}
