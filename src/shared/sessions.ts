import { z } from 'zod'

/** One signed-in browser or device of the current user (`GET /v1/users/me/sessions`). */
export const userSessionSchema = z.object({
  uuid: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
  /** "Safari on iOS", from the browser's user agent; "Unknown device" when it says nothing useful. */
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  /** Within a few minutes: a request refreshes it at most every five minutes. */
  lastSeenAt: z.string(),
})
export type UserSession = z.infer<typeof userSessionSchema>

export const userSessionListSchema = z.object({ sessions: z.array(userSessionSchema) })
export const endedSessionsSchema = z.object({ ended: z.number() })
