import type { FastifyInstance, FastifyRequest } from 'fastify'
import { caseloadSkillsSchema } from '../../shared/practice-skills'
import type { UserListQuery } from '../../shared/users'
import type { Viewer } from '../auth/viewer'
import type { Database, Db } from '../db/client'
import { type CaseloadQuery, caseloadEducator, caseloadSkills } from '../modules/practice/skills'
import { scheduleEducator, scheduleJsonWith } from '../modules/sessions/educator-schedule'
import { isFirstSessionPage, sessionListJson, sessionListKind } from '../modules/sessions/lists'
import { type AccessOnRecord, accessFor, studentAccess } from '../modules/students/record'
import { notFound } from '../problems'
import { adminUserPage } from './admin-list'
import { adminWeek } from './admin-week'
import { KeptLists } from './list-answers'
import type { ScheduleAsked } from './session-also'
import { riderOf } from './session-riders'
import { trackWrites } from './write-epoch'

export { readSessionWithRider } from './session-riders'

declare module 'fastify' {
  interface FastifyInstance {
    /** The answers kept between writes (src/server/kept/, ADR 044). */
    kept: Kept
  }
}

/**
 * The kept-answers wing's one door: app.ts decorates the app with it, and routes whose
 * `config.kept` names what the session query also reads ask it for their answer as JSON text.
 */
export class Kept extends KeptLists {
  constructor(readonly db: Db) {
    super()
  }

  /** `GET /api/v1/students/{id}` (`config.kept: 'record'`). */
  studentRecord(request: FastifyRequest, viewer: Viewer, studentId: string): Promise<string> {
    return this.record(this.db, viewer, studentId, riderOf(request).record)
  }

  /**
   * My Dashboard's `student` (a student's own record) or `students` (a staff member's list), as
   * kept (`config.kept: 'own-record'`); null for other mixes of roles, which take the uncached path.
   */
  async myDashboard(
    request: FastifyRequest,
    viewer: Viewer,
  ): Promise<{ field: 'student' | 'students'; body: string } | null> {
    const { roles } = viewer
    const check = riderOf(request).record
    if (roles.size === 1 && roles.has('student')) {
      return { field: 'student', body: await this.record(this.db, viewer, viewer.id, check) }
    }
    const staffOnly = [...roles].every((role) => role === 'educator' || role === 'fao' || role === 'admin')
    if (staffOnly && (roles.has('educator') || roles.has('fao')) && check?.teamVersions) {
      return { field: 'students', body: await this.team(this.db, viewer.id, check.teamVersions) }
    }
    return null
  }

  /**
   * The dashboards' week (`config.kept: 'week'`), as kept; an admin's (their counts follow no
   * version) only on the embedded database until its next write (admin-week.ts). Null when the
   * session was just refreshed: the route reads it by itself.
   */
  weekOf(request: FastifyRequest, viewer: Viewer): Promise<string> | null {
    if (viewer.roles.has('admin')) return adminWeek(this.db, viewer)
    const versions = riderOf(request).weekVersions
    return versions === undefined ? null : this.week(this.db, viewer, versions)
  }

  /**
   * `GET /api/v1/users/me` (`config.kept: 'current-user'`), read with the session in one round trip;
   * null when the session was just refreshed (the route reads it by itself).
   */
  async currentUserOf(request: FastifyRequest): Promise<string | null> {
    const row = riderOf(request).currentUser
    return row ? this.currentUser(this.db, row) : null
  }

  /**
   * The viewer's access to a record (`config.kept: 'record'`), as the session query read it; by a
   * query of its own when the session was just refreshed. 404 when the record is not theirs to see.
   */
  async recordAccess(request: FastifyRequest, viewer: Viewer, studentId: string): Promise<AccessOnRecord> {
    const check = riderOf(request).record
    if (check?.studentId !== studentId) return studentAccess(this.db, viewer, studentId)
    const kind = check.exists
      ? accessFor(viewer, studentId, check.viewerOnTeam, check.viewerIsGuardian)
      : null
    if (!kind) throw notFound('No such student.')
    return { kind, archived: check.archived }
  }

  /**
   * `GET /api/v1/students/{id}/sessions` (`config.kept: 'record-sessions'`): the first page as
   * kept (`sessions` in list-answers.ts), checked by the versions read with the session; other pages,
   * and any page when the session was just refreshed, read by the module.
   */
  async studentSessions(
    request: FastifyRequest,
    viewer: Viewer,
    studentId: string,
    query: Parameters<typeof sessionListJson>[4],
  ): Promise<string> {
    const access = await this.recordAccess(request, viewer, studentId)
    const check = riderOf(request).record
    if (
      !isFirstSessionPage(query) ||
      check?.studentId !== studentId ||
      check.sessionsVersions === undefined
    ) {
      return sessionListJson(this.db, viewer, access, studentId, query)
    }
    return this.sessions(this.db, sessionListKind(access), studentId, check.sessionsVersions)
  }

  /**
   * `GET /api/v1/schedule` (`config.kept: 'schedule'`): who may read whose schedule is decided
   * first (`scheduleEducator`), then the schedule as kept (`schedule` in list-answers.ts) when the
   * session query read the versions of exactly the schedule asked for; else read by the module.
   */
  async educatorSchedule(
    request: FastifyRequest,
    viewer: Viewer,
    query: { educator?: string | undefined; from: string; to: string },
  ): Promise<string> {
    const educatorId = scheduleEducator(viewer, query)
    const asked = riderOf(request).schedule
    if (!askedExactly(asked, viewer, educatorId, query)) {
      return (await scheduleJsonWith(this.db, viewer, educatorId, query)).body
    }
    return this.schedule(this.db, viewer, educatorId, query, asked.versions)
  }

  /**
   * `GET /api/v1/skills` (`config.kept: 'caseload'`) as JSON text: who may read whose caseload is
   * decided first (`caseloadEducator`), then an educator's caseload as kept (`caseload` in
   * list-answers.ts) when the session query read the versions of exactly that caseload; every student's
   * (`educator=all`), and any caseload when the session was just refreshed, read by the module.
   */
  async caseloadSkills(request: FastifyRequest, viewer: Viewer, query: CaseloadQuery): Promise<string> {
    const educatorId = caseloadEducator(viewer, query)
    const asked = riderOf(request).caseload
    const build = async () =>
      JSON.stringify(caseloadSkillsSchema.encode(await caseloadSkills(this.db, viewer, educatorId, query)))
    if (educatorId === null || !askedExactly(asked, viewer, educatorId, query)) return build()
    return this.caseload(viewer, educatorId, query, asked.versions, build)
  }

  /** A page of the admin's user list (`GET /api/v1/users`). */
  adminUserPage(query: Omit<UserListQuery, 'limit'> & { limit?: number }): Promise<string> {
    return adminUserPage(this, this.db, query)
  }
}

/**
 * The wing on one app and its database: `app.kept`, and each request's rider (`riderOf`). On the
 * embedded database every write through its client is counted from now on (write-epoch.ts), so
 * what is kept until a write is dropped at the next one: that call is the one switch for it.
 */
export function registerKeptAnswers(app: FastifyInstance, database: Database): void {
  const client = (database.db as { $client?: unknown }).$client
  if (database.kind === 'pglite') trackWrites(client as Parameters<typeof trackWrites>[0])
  app.decorate('kept', new Kept(database.db))
  app.decorateRequest('keptRider', null)
}

/**
 * Whether the session query read the versions of exactly the educator and days a schedule or
 * caseload request asks for (`educator` null in what it read: the caller).
 */
function askedExactly(
  asked: (ScheduleAsked & { versions: string }) | undefined,
  viewer: Viewer,
  educatorId: string,
  query: { from: string; to: string },
): asked is ScheduleAsked & { versions: string } {
  return (
    asked !== undefined &&
    (asked.educator ?? viewer.id) === educatorId &&
    asked.from === query.from &&
    asked.to === query.to
  )
}
