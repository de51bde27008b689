import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { z } from 'zod'
import { collegeListSchema } from '../../shared/colleges'
import { ADMIN_STUDENTS_FIRST_PAGE, FIRST_SCREEN_ELEMENT_ID, ZONE_CLOCK_KEY } from '../../shared/first-screen'
import { notePageSchema } from '../../shared/notes'
import { recordOverviewSchema } from '../../shared/record-overview'
import {
  adminOverviewSchema,
  adminStudentPageSchema,
  adminUsersScreenSchema,
  myDashboardSchema,
} from '../../shared/screens'
import { studentProfileSchema } from '../../shared/student-profile'
import { studentListSchema, studentSchema } from '../../shared/students'
import { myTasksSchema, taskListSchema } from '../../shared/tasks'
import { currentUserSchema } from '../../shared/users'
import { weekScreenSchema } from '../../shared/week'
import { rememberZoneClock, type ZoneClock } from '../../shared/zone-clock'
import { queryKeys } from './query-keys'

/**
 * Each API read the server may put in the shell: its query key and schema, as the features ask
 * for it (and, for a list read a page at a time, the cache's shape of a first page).
 */
function seedFor(
  apiPath: string,
): { key: QueryKey; schema: z.ZodType; data?: (answer: unknown) => unknown } | null {
  if (apiPath === '/v1/users/me') return { key: queryKeys.currentUser, schema: currentUserSchema }
  if (apiPath === '/v1/screens/week') return { key: queryKeys.screens.week(), schema: weekScreenSchema }
  if (apiPath === '/v1/tasks/mine?scope=assigned')
    return { key: queryKeys.myTasks('assigned'), schema: myTasksSchema }
  if (apiPath === '/v1/screens/my-dashboard')
    return { key: queryKeys.screens.myDashboard(), schema: myDashboardSchema }
  if (apiPath === '/v1/screens/admin')
    return { key: queryKeys.screens.adminOverview(), schema: adminOverviewSchema }
  if (apiPath === '/v1/screens/admin/users')
    return { key: queryKeys.screens.adminUsers(), schema: adminUsersScreenSchema }
  if (apiPath === ADMIN_STUDENTS_FIRST_PAGE)
    return {
      key: queryKeys.screens.adminStudents({ tab: 'active', q: '' }),
      schema: adminStudentPageSchema,
      data: (page) => ({ pages: [page], pageParams: [null] }),
    }
  if (apiPath === '/v1/students') return { key: queryKeys.students.list(false), schema: studentListSchema }
  const record = /^\/v1\/students\/([^/]+)$/.exec(apiPath)
  if (record) return { key: queryKeys.students.detail(record[1]!), schema: studentSchema }
  const overview = /^\/v1\/students\/([^/]+)\/overview$/.exec(apiPath)
  if (overview) return { key: queryKeys.students.overview(overview[1]!), schema: recordOverviewSchema }
  const list = /^\/v1\/students\/([^/]+)\/(tasks|colleges|notes\?limit=\d+)$/.exec(apiPath)
  if (list?.[2] === 'tasks') return { key: queryKeys.students.tasks(list[1]!), schema: taskListSchema }
  if (list?.[2] === 'colleges')
    return { key: queryKeys.students.colleges(list[1]!), schema: collegeListSchema }
  if (list)
    return {
      key: queryKeys.students.notes(list[1]!),
      schema: notePageSchema,
      data: (page) => ({ pages: [page], pageParams: [''] }),
    }
  const profile = /^\/v1\/students\/([^/]+)\/profile$/.exec(apiPath)
  if (profile) return { key: queryKeys.students.profile(profile[1]!), schema: studentProfileSchema }
  return null
}

/**
 * Seeds the query cache with the answers the server put in the shell (ADR 047), so the first
 * screen need not ask for the session and then for its data. The element is read once and removed.
 * The production build takes the answers as sent: the server wrote them through the same schemas,
 * in the same response as this release's scripts, and checking them again would build and run
 * those schemas while the page waits (ADR 051). A development build checks them.
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
  const clock = answers[ZONE_CLOCK_KEY] as ZoneClock | undefined
  if (clock?.zone) rememberZoneClock(clock)
  seedAnswers(queryClient, answers, import.meta.env.DEV)
}

/**
 * The answers, keyed by API path, into the query cache: the browser's seeding and the server's
 * first render (ADR 049). With `check`, each answer is parsed by the same schema as a fetched one;
 * one that fails is left out, and the page fetches it as usual.
 */
export function seedAnswers(queryClient: QueryClient, answers: Record<string, unknown>, check = true): void {
  for (const [apiPath, answer] of Object.entries(answers)) {
    const seed = seedFor(apiPath)
    if (!seed) continue
    const parsed = check ? seed.schema.safeParse(answer) : { success: true as const, data: answer }
    if (parsed.success) queryClient.setQueryData(seed.key, seed.data ? seed.data(parsed.data) : parsed.data)
  }
}
