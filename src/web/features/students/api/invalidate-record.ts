import type { QueryClient } from '@tanstack/react-query'
import { screenKeys, studentKeys } from './keys'

/**
 * After any change to a record: refetch every view that shows it (the record, lists, the
 * dashboard and profile screens, the sidebar's list). Awaited, so a mutation counts as pending
 * until the page shows the change.
 */
export async function invalidateRecord(queryClient: QueryClient, studentUuid: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: studentKeys.detail(studentUuid) }),
    queryClient.invalidateQueries({ queryKey: studentKeys.all, refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: screenKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['educator-students'] }),
  ])
}
