import { useMutation, useQueryClient } from '@tanstack/react-query'
import { importPreviewSchema, importResultSchema } from '../../../../shared/people-import'
import { apiFetch } from '../../../lib/api-client'
import { invalidateInvites } from './invalidate-invites'

/** `POST /v1/user-invites/import/preview`: what sending the file would do with each row; writes nothing. */
export const previewImport = (csv: string) =>
  apiFetch('/v1/user-invites/import/preview', { method: 'POST', body: { csv }, schema: importPreviewSchema })

/** `POST /v1/user-invites/import`: invites the file's new people and emails them. */
export const importInvites = (csv: string) =>
  apiFetch('/v1/user-invites/import', { method: 'POST', body: { csv }, schema: importResultSchema })

export const usePreviewImport = () => useMutation({ mutationFn: previewImport })

export function useImportInvites() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: importInvites,
    onSettled: () => invalidateInvites(queryClient),
  })
}
