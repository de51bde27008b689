import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adminUserSchema, type ChangeEmailBody, type DeleteUserBody } from '../../../../shared/users'
import { apiFetch } from '../../../lib/api-client'
import { noContentSchema } from '../../../lib/no-content'
import { refreshAfterAccountChange } from './update-user'

/** `DELETE /v1/users/{id}`: delete a person for good, their email typed again (admins). */
export const deleteUser = (uuid: string, body: DeleteUserBody) =>
  apiFetch(`/v1/users/${encodeURIComponent(uuid)}`, { method: 'DELETE', body, schema: noContentSchema })

/** `PATCH /v1/users/{id}/email`: change a person's login email (admins). */
export const changeUserEmail = (uuid: string, body: ChangeEmailBody) =>
  apiFetch(`/v1/users/${encodeURIComponent(uuid)}/email`, { method: 'PATCH', body, schema: adminUserSchema })

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
