import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { z } from 'zod'
import { FIRST_SCREEN_ELEMENT_ID } from '../../shared/first-screen'
import { myDashboardSchema } from '../../shared/screens'
import { studentSchema } from '../../shared/students'
import { currentUserSchema } from '../../shared/users'
import { queryKeys } from './query-keys'

/** Each API read the server may put in the shell: its query key and schema, as the features ask for it. */
function seedFor(apiPath: string): { key: QueryKey; schema: z.ZodType } | null {
  if (apiPath === '/v1/users/me') return { key: queryKeys.currentUser, schema: currentUserSchema }
  if (apiPath === '/v1/screens/my-dashboard')
    return { key: queryKeys.screens.myDashboard(), schema: myDashboardSchema }
  const record = /^\/v1\/students\/([^/]+)$/.exec(apiPath)
  if (record) return { key: queryKeys.students.detail(record[1]!), schema: studentSchema }
  return null
}

/**
 * Seeds the query cache with the answers the server put in the shell (ADR 045), so the first
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
  for (const [apiPath, answer] of Object.entries(answers)) {
    const seed = seedFor(apiPath)
    const parsed = seed?.schema.safeParse(answer)
    if (seed && parsed?.success) queryClient.setQueryData(seed.key, parsed.data)
  }
}
