import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  SESSION_PAGE_SIZE,
  type SessionInput,
  type SessionPatch,
  scheduleSchema,
  sessionListSchema,
  sessionsChangedSchema,
  sessionsCreatedSchema,
} from '../../../../shared/tutoring'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export const sessionsPath = (studentUuid: string, sessionUuid?: string) =>
  `/v1/students/${encodeURIComponent(studentUuid)}/sessions${sessionUuid ? `/${encodeURIComponent(sessionUuid)}` : ''}`

/**
 * `GET /v1/students/{id}/sessions`: the record's sessions, by start; the first page holds every one
 * awaiting attendance, the next ten and the last ten, each next page older ones ("Show earlier
 * sessions").
 */
export const sessionsQueryOptions = (studentUuid: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.students.sessions(studentUuid),
    queryFn: ({ pageParam, signal }) =>
      apiFetch(
        pageParam
          ? `${sessionsPath(studentUuid)}?limit=${SESSION_PAGE_SIZE}&cursor=${encodeURIComponent(pageParam)}`
          : sessionsPath(studentUuid),
        { schema: sessionListSchema, signal },
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })

/** `GET /v1/students/{id}/sessions?from`: every session from that day on ("Show later sessions"). */
export const sessionsFromQueryOptions = (studentUuid: string, from: string) =>
  queryOptions({
    queryKey: queryKeys.students.sessionsFrom(studentUuid, from),
    queryFn: ({ signal }) =>
      apiFetch(`${sessionsPath(studentUuid)}?from=${from}`, { schema: sessionListSchema, signal }),
  })

/** `GET /v1/schedule?educator&from&to`: an educator's week, Monday to Sunday in the viewer's zone. */
export const scheduleQueryOptions = (educatorUuid: string, from: string, to: string) =>
  queryOptions({
    queryKey: queryKeys.schedule.week(educatorUuid, from),
    queryFn: ({ signal }) =>
      apiFetch(`/v1/schedule?educator=${encodeURIComponent(educatorUuid)}&from=${from}&to=${to}`, {
        schema: scheduleSchema,
        signal,
      }),
  })

/**
 * A session change refetches the record's sessions and hours (a status moves its ledger entry),
 * every educator's week and the dashboards (awaited, so the page shows it before a dialog closes).
 */
function useSessionMutation<T, R>(studentUuid: (input: T) => string, mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.students.sessions(studentUuid(input)) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.students.hours(studentUuid(input)) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.schedule.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.screens.all }),
      ]),
  })
}

export interface ScheduleInput {
  studentUuid: string
  body: SessionInput
}

/** `POST /v1/students/{id}/sessions`: one session, or a weekly series. */
export const useScheduleSession = () =>
  useSessionMutation(
    (input: ScheduleInput) => input.studentUuid,
    ({ studentUuid, body }: ScheduleInput) =>
      apiFetch(sessionsPath(studentUuid), { method: 'POST', body, schema: sessionsCreatedSchema }),
  )

export interface ChangeInput {
  studentUuid: string
  sessionUuid: string
  body: SessionPatch
}

/** `PATCH /v1/students/{id}/sessions/{sessionId}`: reschedule, change, mark or cancel. */
export const useChangeSession = () =>
  useSessionMutation(
    (input: ChangeInput) => input.studentUuid,
    ({ studentUuid, sessionUuid, body }: ChangeInput) =>
      apiFetch(sessionsPath(studentUuid, sessionUuid), {
        method: 'PATCH',
        body,
        schema: sessionsChangedSchema,
      }),
  )
