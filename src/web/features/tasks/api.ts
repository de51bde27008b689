import { queryOptions } from '@tanstack/react-query'
import {
  myTasksSchema,
  type TaskInput,
  type TaskPatch,
  taskListSchema,
  taskSchema,
} from '../../../shared/tasks'
import { apiFetch } from '../../lib/api-client'
import { noContentSchema } from '../../lib/no-content'
import { queryKeys } from '../../lib/query-keys'
import { planPath, usePlanMutation } from '../../lib/use-plan-mutation'

/** `GET /v1/students/{id}/tasks`: open first by due date, then done, newest first. */
export const tasksQueryOptions = (studentUuid: string) =>
  queryOptions({
    queryKey: queryKeys.students.tasks(studentUuid),
    queryFn: ({ signal }) => apiFetch(planPath(studentUuid, 'tasks'), { schema: taskListSchema, signal }),
  })

/** `GET /v1/tasks/mine`: my open tasks, or (staff) my students' open tasks. */
export const myTasksQueryOptions = (scope: 'assigned' | 'students') =>
  queryOptions({
    queryKey: queryKeys.myTasks(scope),
    queryFn: ({ signal }) => apiFetch(`/v1/tasks/mine?scope=${scope}`, { schema: myTasksSchema, signal }),
  })

export const useSaveTask = (studentUuid: string) =>
  usePlanMutation(
    queryKeys.students.tasks(studentUuid),
    ({ taskUuid, body }: { taskUuid?: string | undefined; body: TaskInput | TaskPatch }) =>
      taskUuid
        ? apiFetch(planPath(studentUuid, 'tasks', taskUuid), { method: 'PATCH', body, schema: taskSchema })
        : apiFetch(planPath(studentUuid, 'tasks'), { method: 'POST', body, schema: taskSchema }),
  )

export const useDeleteTask = (studentUuid: string) =>
  usePlanMutation(queryKeys.students.tasks(studentUuid), (taskUuid: string) =>
    apiFetch(planPath(studentUuid, 'tasks', taskUuid), { method: 'DELETE', schema: noContentSchema }),
  )
