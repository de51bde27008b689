import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  type PracticeFormInput,
  practiceFormListSchema,
  practiceFormSchema,
  practiceFormUpdatedSchema,
} from '../../../shared/practice'
import { type practiceImportBodySchema, practiceImportPreviewSchema } from '../../../shared/practice-import'
import { apiFetch } from '../../lib/api-client'
import { noContentSchema } from '../../lib/no-content'
import { queryKeys } from '../../lib/query-keys'

/** The practice test forms (docs/api.md#practice-tests): the list, one form, its changes and the CSV import. */
export const practiceFormsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.practiceForms,
    queryFn: () => apiFetch('/v1/practice-tests', { schema: practiceFormListSchema }),
  })

export const practiceFormQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: queryKeys.practiceForm(uuid),
    queryFn: () => apiFetch(`/v1/practice-tests/${uuid}`, { schema: practiceFormSchema }),
  })

/** Every change refreshes the list (the record's assign picker reads it too) and the forms read in full. */
function useFormsMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.practiceForms }),
  })
}

export const useCreateForm = () =>
  useFormsMutation((body: PracticeFormInput) =>
    apiFetch('/v1/practice-tests', { method: 'POST', body, schema: practiceFormSchema }),
  )

export const useUpdateForm = (uuid: string) =>
  useFormsMutation((body: PracticeFormInput) =>
    apiFetch(`/v1/practice-tests/${uuid}`, { method: 'PUT', body, schema: practiceFormUpdatedSchema }),
  )

export const useDeleteForm = () =>
  useFormsMutation((uuid: string) =>
    apiFetch(`/v1/practice-tests/${uuid}`, { method: 'DELETE', schema: noContentSchema }),
  )

export type ImportBody = z.input<typeof practiceImportBodySchema>

/** Checks the two CSV texts; writes nothing. */
export const usePreviewFormImport = () =>
  useMutation({
    mutationFn: (body: ImportBody) =>
      apiFetch('/v1/practice-tests/import/preview', {
        method: 'POST',
        body,
        schema: practiceImportPreviewSchema,
      }),
  })

export const useImportForm = () =>
  useFormsMutation((body: ImportBody) =>
    apiFetch('/v1/practice-tests/import', { method: 'POST', body, schema: practiceFormSchema }),
  )
