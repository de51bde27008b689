import { isTimeZone } from '../../../../shared/time-zones'
import { type OnboardBody, onboardResultSchema } from '../../../../shared/users'
import { apiFetch } from '../../../lib/api-client'

/** The browser's own time zone, when it names one the server knows: reminders arrive at 08:00 there. */
export function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  return zone && isTimeZone(zone) ? zone : undefined
}

/** Finishes onboarding; the time zone comes from the browser (changeable later in /settings). */
export function onboardUser(uuid: string, body: OnboardBody) {
  const timeZone = browserTimeZone()
  return apiFetch(`/v1/users/${encodeURIComponent(uuid)}/onboard`, {
    method: 'POST',
    body: timeZone ? { ...body, timeZone } : body,
    schema: onboardResultSchema,
  })
}
