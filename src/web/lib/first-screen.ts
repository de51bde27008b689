import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { z } from 'zod'
import { FIRST_SCREEN_ELEMENT_ID } from '../../shared/first-screen'
import { recordOverviewSchema } from '../../shared/record-overview'
import { studentSchema } from '../../shared/students'
import { currentUserSchema } from '../../shared/users'
import { weekScreenSchema } from '../../shared/week'
import { queryKeys } from './query-keys'

/** Each API read the server may put in the shell: its query key and schema, as the features ask for it. */
function seedFor(apiPath: string): { key: QueryKey; schema: z.ZodType } | null {
  if (apiPath === '/v1/users/me') return { key: queryKeys.currentUser, schema: currentUserSchema }
  if (apiPath === '/v1/screens/week') return { key: queryKeys.screens.week(), schema: weekScreenSchema }
  const record = /^\/v1\/students\/([^/]+)$/.exec(apiPath)
  if (record) return { key: queryKeys.students.detail(record[1]!), schema: studentSchema }
  const overview = /^\/v1\/students\/([^/]+)\/overview$/.exec(apiPath)
  if (overview) return { key: queryKeys.students.overview(overview[1]!), schema: recordOverviewSchema }
  return null
}

/**
 * Seeds the query cache with the answers the server put in the shell (ADR 047), so the first
 * screen need not ask for the session and then for its data. Each answer is checked by the same
 * schema as a fetched one; one that fails is left out, and the page fetches it as usual. The
 * element is read once and removed.
 */
export function seedFirstScreen(queryClient: QueryClient): void {
  const element = document.getElementById(FIRST_SCREEN_ELEMENT_ID)
  if (!element) return
  element.remove()
  let answers: Record<string, unknown>
  try {
    answers = JSON.parse(element.textContent ?? '') as Record<string, unknown>
  } catch {
    return
  }
  seedAnswers(queryClient, answers)
}

/** The answers, keyed by API path, into the query cache: the browser's seeding and the server's first render (ADR 049). */
export function seedAnswers(queryClient: QueryClient, answers: Record<string, unknown>): void {
  for (const [apiPath, answer] of Object.entries(answers)) {
    const seed = seedFor(apiPath)
    const parsed = seed?.schema.safeParse(answer)
    if (seed && parsed?.success) queryClient.setQueryData(seed.key, parsed.data)
  }
}
