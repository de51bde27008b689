import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  type GuardianInviteBody,
  guardianInviteResultSchema,
  pendingGuardianInviteSchema,
} from '../../../../shared/guardians'
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
        // A guardian invite is listed with the others on Manage Users, and on the Family card.
        queryClient.invalidateQueries({ queryKey: queryKeys.invites.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.students.guardianInvites(studentUuid) }),
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

/** `GET /v1/students/{id}/guardian-invites`: the invites nobody has used yet (family managers only). */
export function useGuardianInvites(studentUuid: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.students.guardianInvites(studentUuid),
    queryFn: () =>
      apiFetch(`${base(studentUuid)}/guardian-invites`, { schema: z.array(pendingGuardianInviteSchema) }),
    enabled,
  })
}

const invitePath = (studentUuid: string, inviteUuid: string) =>
  `${base(studentUuid)}/guardian-invites/${encodeURIComponent(inviteUuid)}`

/** Resend (14 more days, emailed again) or cancel one of them; the list and Manage Users refresh. */
export function useGuardianInviteAction(studentUuid: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ action, inviteUuid }: { action: 'resend' | 'cancel'; inviteUuid: string }) => {
      if (action === 'resend') {
        const result = await apiFetch(`${invitePath(studentUuid, inviteUuid)}/resend`, {
          method: 'POST',
          body: {},
          schema: guardianInviteResultSchema,
        })
        return { expiresAt: result.invite?.expiresAt ?? null, mail: result.mail }
      }
      await apiFetch(invitePath(studentUuid, inviteUuid), { method: 'DELETE', schema: noContentSchema })
      return { expiresAt: null, mail: undefined }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.students.guardianInvites(studentUuid) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.invites.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auditEvents.all }),
      ]),
  })
}
