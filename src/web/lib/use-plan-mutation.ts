import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from './query-keys'

/** `/v1/students/{id}/{tasks|colleges}[/{item}]`. */
export const planPath = (studentUuid: string, what: 'tasks' | 'colleges', item?: string) =>
  `/v1/students/${encodeURIComponent(studentUuid)}/${what}${item ? `/${encodeURIComponent(item)}` : ''}`

/**
 * A plan change refetches the list, the record's overview, the dashboards' task lists and the admin
 * overview (awaited).
 */
export function usePlanMutation<T, R>(listKey: QueryKey, mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.students.overviews }),
        queryClient.invalidateQueries({ queryKey: queryKeys.myTasks('assigned').slice(0, 1) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.screens.all }),
      ]),
  })
}
