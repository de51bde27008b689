import type { QueryClient } from '@tanstack/react-query'
import { queryKeys } from './query-keys'

/**
 * After any change to a record: refetch every view that shows it (the record, lists, the
 * dashboard and profile screens, the sidebar's list). Awaited, so a mutation counts as pending
 * until the page shows the change.
 */
export async function invalidateRecord(queryClient: QueryClient, studentUuid: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.students.detail(studentUuid) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.students.all, refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: queryKeys.screens.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.educatorStudents.all }),
  ])
}
