import type { Env } from '../env'

/**
 * APP_ORIGIN; when it is unset, also localhost, 127.0.0.1 and [::1] on the port and the Vite dev
 * server, so a newcomer is never locked out (docs/api.md#cross-site-protection).
 */
export function trustedOrigins(env: Pick<Env, 'appOrigin' | 'originIsDefault' | 'PORT'>): string[] {
  if (!env.originIsDefault) return [env.appOrigin]
  const port = env.PORT
  return [
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
    `http://[::1]:${port}`,
    'http://localhost:5173',
    'http://127.0.0.1:5173',
  ]
}
