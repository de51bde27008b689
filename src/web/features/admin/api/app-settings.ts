import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { type AppSettingsInput, appSettingsSchema } from '../../../../shared/admin-settings'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

/** `GET /v1/admin/settings`: product-wide settings. */
export const appSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.appSettings,
    queryFn: () => apiFetch('/v1/admin/settings', { schema: appSettingsSchema }),
  })

/** `PUT /v1/admin/settings`; the activity list shows the change. */
export function useUpdateAppSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: AppSettingsInput) =>
      apiFetch('/v1/admin/settings', { method: 'PUT', body: settings, schema: appSettingsSchema }),
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.appSettings, settings)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.screens.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auditEvents.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.studentRules }),
      ])
    },
  })
}
