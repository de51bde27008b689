import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adminUserSchema, type ChangeEmailBody, type DeleteUserBody } from '../../../../shared/users'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'
import { noContentSchema } from '../../students/api/no-content'

/** `DELETE /v1/users/{id}`: delete a person for good, their email typed again (admins). */
export const deleteUser = (uuid: string, body: DeleteUserBody) =>
  apiFetch(`/v1/users/${encodeURIComponent(uuid)}`, { method: 'DELETE', body, schema: noContentSchema })

/** `PATCH /v1/users/{id}/email`: change a person's login email (admins). */
export const changeUserEmail = (uuid: string, body: ChangeEmailBody) =>
  apiFetch(`/v1/users/${encodeURIComponent(uuid)}/email`, { method: 'PATCH', body, schema: adminUserSchema })

/** What a deletion or an email change shows elsewhere: lists, records, screens and the activity log. */
const refreshAfterAccountChange = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all(
    [
      queryKeys.currentUser,
      queryKeys.users.all,
      queryKeys.students.all,
      queryKeys.educatorStudents.all,
      queryKeys.screens.all,
      queryKeys.auditEvents.all,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  )

export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: DeleteUserBody }) => deleteUser(uuid, body),
    onSettled: () => refreshAfterAccountChange(queryClient),
  })
}

export function useChangeUserEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: ChangeEmailBody }) => changeUserEmail(uuid, body),
    onSettled: () => refreshAfterAccountChange(queryClient),
  })
}
