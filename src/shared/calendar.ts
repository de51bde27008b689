import { z } from 'zod'

/**
 * `GET/POST/DELETE /v1/users/me/calendar`: the private calendar feed. `url` is returned only by
 * `POST`, once: the server keeps a hash of the token, not the token.
 */
export const calendarFeedSchema = z.object({
  enabled: z.boolean(),
  createdAt: z.string().nullable(),
  url: z.string().optional(),
})
export type CalendarFeed = z.infer<typeof calendarFeedSchema>
