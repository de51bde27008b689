import type { Viewer } from '../auth/viewer'
import type { Db } from '../db/client'
import { scheduleJsonWith } from '../modules/sessions/educator-schedule'
import { firstSessionPageWith } from '../modules/sessions/lists'
import { KeptAnswers } from './answers'
import { SCHEDULE_VERSIONS, SESSIONS_VERSIONS } from './versions'

/**
 * The kept answers that are lists over time: a record's first page of sessions and an educator's
 * schedule (docs/decisions/056-session-lists-kept-with-the-clock-and-a-setting.md), and an
 * educator's caseload skills (docs/decisions/060-caseload-skills-kept.md), as the JSON text their
 * routes send, each checked by versions the session query read.
 */
export class KeptLists extends KeptAnswers {
  /**
   * The first page of a student's sessions (`GET /api/v1/students/{id}/sessions` without days or
   * cursor) for this kind of reader, as JSON text: kept per student and kind (staff also see links
   * to internal notes; nothing else in it depends on the reader) while `sessionsVersions` (read
   * with the session, `sessionsVersionsSql`) are current, and until the next end of a scheduled
   * session of the student (it then awaits attendance, and the upcoming ones move on). The
   * reader's access was checked by the caller (`sessionListKind`).
   */
  async sessions(
    db: Db,
    kind: 'staff' | 'family',
    studentId: string,
    sessionsVersions: string,
  ): Promise<string> {
    return this.keptUntilChange(`sessions:${studentId}:${kind}`, sessionsVersions, kind, () =>
      firstSessionPageWith(db, kind, studentId, SESSIONS_VERSIONS),
    )
  }

  /**
   * An educator's schedule over some days (`GET /api/v1/schedule`) as JSON text, kept per caller,
   * mix of roles (an admin reads every record, an educator their team's), educator and days while
   * `scheduleVersions` (read with the session, `scheduleVersionsSql`) are current, and until the
   * first end still ahead of a scheduled session on those days (it then awaits attendance). The
   * caller may read this educator's schedule (`scheduleEducator`, checked by the caller).
   */
  async schedule(
    db: Db,
    viewer: Viewer,
    educatorId: string,
    days: { from: string; to: string },
    scheduleVersions: string,
  ): Promise<string> {
    const roles = [...viewer.roles].sort().join('+')
    const entryKey = `schedule:${viewer.id}:${roles}:${educatorId}:${days.from}:${days.to}`
    return this.keptUntilChange(entryKey, scheduleVersions, roles, () =>
      scheduleJsonWith(db, viewer, educatorId, days, SCHEDULE_VERSIONS),
    )
  }

  /**
   * An educator's caseload skills over some days (`GET /api/v1/skills`) as JSON text, kept per
   * caller, mix of roles (an admin reads every record, an educator their team's), educator and days
   * while `caseloadVersions` (read with the session, `caseloadVersionsSql`) are current. The
   * caller may read this caseload (`caseloadEducator`, checked by the caller). The answer is built
   * after those versions were read, so it is at least as new as they say.
   */
  async caseload(
    viewer: Viewer,
    educatorId: string,
    days: { from: string; to: string },
    caseloadVersions: string,
    build: () => Promise<string>,
  ): Promise<string> {
    const roles = [...viewer.roles].sort().join('+')
    const entryKey = `caseload:${viewer.id}:${roles}:${educatorId}:${days.from}:${days.to}`
    // Kept under the versions read before it was built: no clock changes it.
    return this.keptUntilChange(entryKey, caseloadVersions, roles, async () => ({
      body: await build(),
      extra: caseloadVersions,
      changesAt: null,
    }))
  }
}
