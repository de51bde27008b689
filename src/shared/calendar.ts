import { z } from 'zod'

/**
 * `GET/POST/DELETE /v1/users/me/calendar`: the private calendar feed. `url` is returned by `POST`;
 * `GET …/calendar/link` shows it again while `linkKept` (links made before links were kept cannot be).
 */
export const calendarFeedSchema = z.object({
  enabled: z.boolean(),
  createdAt: z.string().nullable(),
  linkKept: z.boolean().optional(),
  url: z.string().optional(),
})

/** `GET /v1/users/me/calendar/link`: the current link, again. */
export const calendarLinkSchema = z.object({ url: z.string() })
export type CalendarFeed = z.infer<typeof calendarFeedSchema>
