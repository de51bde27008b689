import { z } from 'zod'

/** A 204 answer: `apiFetch` reads its empty body as `undefined`. */
export const noContentSchema = z.undefined()
