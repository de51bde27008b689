import { type OnboardBody, onboardResultSchema } from '../../../../shared/users'
import { apiFetch } from '../../../lib/api-client'

export function onboardUser(uuid: string, body: OnboardBody) {
  return apiFetch(`/v1/users/${encodeURIComponent(uuid)}/onboard`, {
    method: 'POST',
    body,
    schema: onboardResultSchema,
  })
}
