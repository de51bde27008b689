import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { type GuardianInviteBody, guardianInviteResultSchema } from '../../../../shared/guardians'
import { studentListSchema } from '../../../../shared/students'
import { apiFetch } from '../../../lib/api-client'
import { invalidateRecord } from '../../../lib/invalidate-record'
import { queryKeys } from '../../../lib/query-keys'
import { invalidateInvites } from './invalidate-invites'

/**
 * `POST /v1/students/{id}/guardian-invites`, the record Family card's call: `{ invite, link, mail }`
 * when an invite went out, `{ guardian }` when an existing account was linked at once.
 */
export const inviteGuardian = (studentUuid: string, body: GuardianInviteBody) =>
  apiFetch(`/v1/students/${encodeURIComponent(studentUuid)}/guardian-invites`, {
    method: 'POST',
    body,
    schema: guardianInviteResultSchema,
  })

export function useInviteGuardian() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ studentUuid, body }: { studentUuid: string; body: GuardianInviteBody }) =>
      inviteGuardian(studentUuid, body),
    onSettled: (_data, _error, { studentUuid }) =>
      Promise.all([
        invalidateInvites(queryClient),
        // A link made at once shows on the user list and on the record's Family card.
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.students.guardianInvites(studentUuid) }),
        invalidateRecord(queryClient, studentUuid),
      ]),
  })
}

/** `GET /v1/students`: every active student, for the admin to pick whose guardian they invite. */
export const studentChoicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.students.list(false),
    queryFn: () => apiFetch('/v1/students', { schema: studentListSchema }),
  })
