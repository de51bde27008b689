import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { calendarFeedSchema } from '../../../shared/calendar'
import {
  type CollegeInput,
  type CollegePatch,
  collegeEntrySchema,
  collegeListSchema,
} from '../../../shared/colleges'
import {
  myTasksSchema,
  type TaskInput,
  type TaskPatch,
  taskListSchema,
  taskSchema,
} from '../../../shared/tasks'
import { apiFetch } from '../../lib/api-client'
import { queryKeys } from '../../lib/query-keys'
import { noContentSchema } from '../students/api/no-content'

const studentPath = (studentUuid: string, what: 'tasks' | 'colleges', item?: string) =>
  `/v1/students/${encodeURIComponent(studentUuid)}/${what}${item ? `/${encodeURIComponent(item)}` : ''}`

/** `GET /v1/students/{id}/tasks`: open first by due date, then done, newest first. */
export const tasksQueryOptions = (studentUuid: string) =>
  queryOptions({
    queryKey: queryKeys.students.tasks(studentUuid),
    queryFn: ({ signal }) => apiFetch(studentPath(studentUuid, 'tasks'), { schema: taskListSchema, signal }),
  })

/** `GET /v1/tasks/mine`: my open tasks, or (staff) my students' open tasks. */
export const myTasksQueryOptions = (scope: 'assigned' | 'students') =>
  queryOptions({
    queryKey: queryKeys.myTasks(scope),
    queryFn: ({ signal }) => apiFetch(`/v1/tasks/mine?scope=${scope}`, { schema: myTasksSchema, signal }),
  })

/** `GET /v1/students/{id}/colleges`: by deadline (none last), then name. */
export const collegesQueryOptions = (studentUuid: string) =>
  queryOptions({
    queryKey: queryKeys.students.colleges(studentUuid),
    queryFn: ({ signal }) =>
      apiFetch(studentPath(studentUuid, 'colleges'), { schema: collegeListSchema, signal }),
  })

/** A plan change refetches the list, the dashboards' task lists and the admin overview (awaited). */
function usePlanMutation<T, R>(
  studentUuid: string,
  what: 'tasks' | 'colleges',
  mutationFn: (input: T) => Promise<R>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey:
            what === 'tasks'
              ? queryKeys.students.tasks(studentUuid)
              : queryKeys.students.colleges(studentUuid),
        }),
        queryClient.invalidateQueries({ queryKey: queryKeys.myTasks('assigned').slice(0, 1) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.screens.all }),
      ]),
  })
}

export const useSaveTask = (studentUuid: string) =>
  usePlanMutation(
    studentUuid,
    'tasks',
    ({ taskUuid, body }: { taskUuid?: string | undefined; body: TaskInput | TaskPatch }) =>
      taskUuid
        ? apiFetch(studentPath(studentUuid, 'tasks', taskUuid), { method: 'PATCH', body, schema: taskSchema })
        : apiFetch(studentPath(studentUuid, 'tasks'), { method: 'POST', body, schema: taskSchema }),
  )

export const useDeleteTask = (studentUuid: string) =>
  usePlanMutation(studentUuid, 'tasks', (taskUuid: string) =>
    apiFetch(studentPath(studentUuid, 'tasks', taskUuid), { method: 'DELETE', schema: noContentSchema }),
  )

export const useSaveCollege = (studentUuid: string) =>
  usePlanMutation(
    studentUuid,
    'colleges',
    ({ entryUuid, body }: { entryUuid?: string | undefined; body: CollegeInput | CollegePatch }) =>
      entryUuid
        ? apiFetch(studentPath(studentUuid, 'colleges', entryUuid), {
            method: 'PATCH',
            body,
            schema: collegeEntrySchema,
          })
        : apiFetch(studentPath(studentUuid, 'colleges'), {
            method: 'POST',
            body,
            schema: collegeEntrySchema,
          }),
  )

export const useDeleteCollege = (studentUuid: string) =>
  usePlanMutation(studentUuid, 'colleges', (entryUuid: string) =>
    apiFetch(studentPath(studentUuid, 'colleges', entryUuid), { method: 'DELETE', schema: noContentSchema }),
  )

/** `GET /v1/users/me/calendar`: whether the private feed is on (its link is shown only when made). */
export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.calendarFeed,
    queryFn: () => apiFetch('/v1/users/me/calendar', { schema: calendarFeedSchema }),
  })

/** Turns the feed on, or makes a new link (the old one stops working); answers the link once. */
export function useCalendarFeed() {
  const queryClient = useQueryClient()
  const create = useMutation({
    mutationFn: () =>
      apiFetch('/v1/users/me/calendar', { method: 'POST', body: {}, schema: calendarFeedSchema }),
    onSuccess: (feed) => queryClient.setQueryData(queryKeys.calendarFeed, feed),
  })
  const remove = useMutation({
    mutationFn: () => apiFetch('/v1/users/me/calendar', { method: 'DELETE', schema: noContentSchema }),
    onSuccess: () => queryClient.setQueryData(queryKeys.calendarFeed, { enabled: false, createdAt: null }),
  })
  return { create, remove }
}
