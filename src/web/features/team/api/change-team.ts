import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '../../../lib/api-client'
import { invalidateRecord } from '../../../lib/invalidate-record'
import { noContentSchema } from '../../../lib/no-content'
import { queryKeys } from '../../../lib/query-keys'

const memberPath = (studentUuid: string, userUuid: string) =>
  `/v1/students/${encodeURIComponent(studentUuid)}/team-members/${encodeURIComponent(userUuid)}`

/** PUT with an empty JSON body adds the member; DELETE removes them (admins). */
export function addTeamMember(studentUuid: string, userUuid: string) {
  return apiFetch(memberPath(studentUuid, userUuid), { method: 'PUT', body: {}, schema: noContentSchema })
}

export function removeTeamMember(studentUuid: string, userUuid: string) {
  return apiFetch(memberPath(studentUuid, userUuid), { method: 'DELETE', body: {}, schema: noContentSchema })
}

export function useChangeTeam(studentUuid: string, change: 'add' | 'remove') {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userUuid: string) =>
      change === 'add' ? addTeamMember(studentUuid, userUuid) : removeTeamMember(studentUuid, userUuid),
    onSettled: () =>
      Promise.all([
        invalidateRecord(queryClient, studentUuid),
        queryClient.invalidateQueries({ queryKey: queryKeys.students.availableUsers(studentUuid) }),
      ]),
  })
}
