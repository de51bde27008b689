import { useMutation, useQueryClient } from '@tanstack/react-query'
import { archivedStudentSchema } from '../../../../shared/students'
import { apiFetch } from '../../../lib/api-client'
import { invalidateRecord } from '../../../lib/invalidate-record'
import { queryKeys } from '../../../lib/query-keys'

/** `PATCH /v1/students/{id}` `{ archived }` (admins): archive or restore a student. */
export function setStudentArchived(studentUuid: string, archived: boolean) {
  return apiFetch(`/v1/students/${encodeURIComponent(studentUuid)}`, {
    method: 'PATCH',
    body: { archived },
    schema: archivedStudentSchema,
  })
}

/**
 * Archiving changes every list the student is on: Manage Students, the /students lists, the
 * dashboards, the educators' navigation and the audit log. All of them refetch, awaited, so the
 * mutation stays pending until the page shows the change.
 */
export function useSetStudentArchived() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ uuid, archived }: { uuid: string; archived: boolean }) =>
      setStudentArchived(uuid, archived),
    onSettled: (_data, _error, { uuid }) =>
      Promise.all([
        invalidateRecord(queryClient, uuid),
        queryClient.invalidateQueries({ queryKey: queryKeys.auditEvents.all }),
      ]),
  })
}
