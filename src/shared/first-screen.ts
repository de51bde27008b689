import { NOTE_PAGE_SIZE } from './notes'
import { STUDENT_PAGE_DEFAULT } from './screens'

/** The shell's element holding the first screen's answers (ADR 047). */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen'

/**
 * The user-timing mark a server-rendered page sets when its root stops being `inert`: the moment
 * it answers taps. `npm run lighthouse` counts the scripts asked for before it.
 */
export const USABLE_MARK = 'crestline:usable'

/** Beside the answers, under this key: the viewer's zone clock (ADR 059), when they have chosen a zone. */
export const ZONE_CLOCK_KEY = 'zone-clock'

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const RECORD_PAGE = new RegExp(`^/students/(${UUID})$`, 'i')

/** Manage Students' first page of its default tab, as the page asks for it. */
export const ADMIN_STUDENTS_FIRST_PAGE = `/v1/screens/admin/students?tab=active&limit=${STUDENT_PAGE_DEFAULT}`

/**
 * The API reads (paths under `/api`) whose answers an app page asks for first: the current user
 * on every page, then the page's own reads where they follow from its address (the dashboard's
 * week; the record, its overview and the lists of the section asked for). The server puts their
 * answers in the shell; the web app seeds its query cache with them.
 */
export function firstScreenApiPaths(pathname: string, search = ''): string[] {
  if (pathname === '/dashboard') return ['/v1/users/me', '/v1/screens/week']
  const record = RECORD_PAGE.exec(pathname)
  if (record) {
    const student = `/v1/students/${record[1]}`
    return ['/v1/users/me', student, `${student}/overview`, ...sectionPaths(student, search)]
  }
  return ['/v1/users/me']
}

/** The lists a record section loads on its own, for `?section=` (a viewer who may not read them gets no answer). */
function sectionPaths(student: string, search: string): string[] {
  const section = new URLSearchParams(search).get('section')
  if (section === 'plan') return [`${student}/tasks`, `${student}/colleges`]
  if (section === 'notes') return [`${student}/notes?limit=${NOTE_PAGE_SIZE}`]
  return []
}

interface Viewer {
  uuid: string
  profileStudent?: unknown
  profileEducator?: unknown
  profileFao?: unknown
  profileAdmin?: unknown
}

/**
 * The page's reads that depend on who asks, as its route's loader chooses them: asked once
 * `users/me` has answered (ADR 049). A page the viewer may not read asks for nothing more.
 */
export function firstScreenViewerPaths(pathname: string, viewer: Viewer): string[] {
  const admin = viewer.profileAdmin != null
  const staff = admin || viewer.profileEducator != null || viewer.profileFao != null
  // Staff's dashboard lists the tasks assigned to them beside the week.
  if (pathname === '/dashboard') return staff ? ['/v1/tasks/mine?scope=assigned'] : []
  if (pathname === '/settings')
    return viewer.profileStudent != null ? [`/v1/students/${viewer.uuid}/profile`] : []
  if (pathname === '/students') {
    if (!admin && (viewer.profileEducator != null || viewer.profileFao != null))
      return ['/v1/screens/my-dashboard']
    return ['/v1/students']
  }
  if (!admin) return []
  if (pathname === '/admin') return ['/v1/screens/admin', '/v1/screens/week']
  if (pathname === '/admin/users') return ['/v1/screens/admin/users']
  if (pathname === '/admin/students') return [ADMIN_STUDENTS_FIRST_PAGE]
  return []
}
