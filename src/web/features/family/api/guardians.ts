import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type GuardianInviteBody, guardianInviteResultSchema } from '../../../../shared/guardians'
import { apiFetch } from '../../../lib/api-client'
import { invalidateRecord } from '../../../lib/invalidate-record'
import { noContentSchema } from '../../../lib/no-content'
import { queryKeys } from '../../../lib/query-keys'

const base = (studentUuid: string) => `/v1/students/${encodeURIComponent(studentUuid)}`

/**
 * `POST /v1/students/{id}/guardian-invites`: `{ invite, link }` when the guardian needs an account
 * (the invite is emailed), `{ guardian }` when an existing account was linked at once.
 */
export function inviteGuardian(studentUuid: string, body: GuardianInviteBody) {
  return apiFetch(`${base(studentUuid)}/guardian-invites`, {
    method: 'POST',
    body,
    schema: guardianInviteResultSchema,
  })
}

export function removeGuardian(studentUuid: string, guardianUuid: string) {
  return apiFetch(`${base(studentUuid)}/guardians/${encodeURIComponent(guardianUuid)}`, {
    method: 'DELETE',
    schema: noContentSchema,
  })
}

export function useInviteGuardian(studentUuid: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: GuardianInviteBody) => inviteGuardian(studentUuid, body),
    onSuccess: () =>
      Promise.all([
        invalidateRecord(queryClient, studentUuid),
        // A guardian invite is listed with the others on Manage Users.
        queryClient.invalidateQueries({ queryKey: queryKeys.invites.all }),
      ]),
  })
}

export function useRemoveGuardian(studentUuid: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (guardianUuid: string) => removeGuardian(studentUuid, guardianUuid),
    onSettled: () => invalidateRecord(queryClient, studentUuid),
  })
}
