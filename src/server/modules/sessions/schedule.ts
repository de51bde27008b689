import { sql } from 'drizzle-orm'
import type { AccessOnRecord } from '../../../shared/record-rules'
import type { Session, SessionInput } from '../../../shared/tutoring'
import type { Viewer } from '../../auth/viewer'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/raw'
import { recordAudits } from '../audit/audit'
import { requireRule } from '../students/record-rules'
import { educatorLockSql, refuseClashes } from './clashes'
import { seriesStarts } from './series'
import { auditedSession, type SessionRow, sessionColumns, toSession } from './sessions'
import { educatorOnTeamSql, locationDetail, notOnTeam } from './writes'

/**
 * Schedules one session, or each occurrence of a weekly series, refused whole on the first clash.
 * `access` is the viewer's on the record (read with the session). Five statements in the
 * transaction, each a round trip that counted under load (docs/performance.md, change 33): the
 * educator's lock with the checks that need no snapshot after it, the clash query (a statement of
 * its own, so that it sees what the lock's previous holder committed), the series, the sessions
 * as they are answered, and their audit events.
 */
export async function createSessions(
  db: Db,
  viewer: Viewer,
  access: AccessOnRecord,
  studentId: string,
  input: SessionInput,
): Promise<Session[]> {
  requireRule(access, 'sessions.schedule')
  return db.transaction(async (tx) => {
    const [checked] = await selectRows<{ on_team: boolean; time_zone: string | null }>(
      tx,
      sql`select ${educatorLockSql(input.educatorUUID)} is null as locked,
        ${educatorOnTeamSql(studentId, input.educatorUUID)} as on_team,
        (select time_zone from users where id = ${viewer.id}) as time_zone`,
    )
    if (!checked?.on_team) throw notOnTeam()
    const timeZone = input.timeZone ?? checked.time_zone ?? 'America/New_York'
    const first = new Date(input.startsAt)
    const starts = input.repeat ? seriesStarts(first, timeZone, input.repeat) : [first]
    const placements = starts.map((startsAt) => ({
      startsAt,
      endsAt: new Date(startsAt.getTime() + input.durationMinutes * 60_000),
    }))
    await refuseClashes(tx, {
      educatorId: input.educatorUUID,
      studentId,
      placements,
      excludedIds: [],
      allowStudentClash: input.allowStudentClash ?? false,
      viewerId: viewer.id,
    })
    let seriesId: string | null = null
    if (input.repeat) {
      const [series] = await selectRows<{ id: string }>(
        tx,
        sql`insert into session_series (student_id, every_weeks, until_date, occurrences, time_zone, created_by_id)
        values (${studentId}, ${input.repeat.everyWeeks}, ${input.repeat.until ?? null},
          ${input.repeat.count ?? null}, ${timeZone}, ${viewer.id}) returning id`,
      )
      seriesId = series!.id
    }
    // The rows come back from the insert as the reads answer them (no note links one yet).
    const rows = await selectRows<SessionRow>(
      tx,
      sql`with s as (insert into tutoring_sessions (student_id, educator_id, service, starts_at, ends_at,
        duration_minutes, time_zone, location_kind, location_detail, agenda, series_id, created_by_id)
      select ${studentId}, ${input.educatorUUID}, ${input.service}, p.starts_at,
        p.starts_at + ${input.durationMinutes} * interval '1 minute', ${input.durationMinutes}, ${timeZone},
        ${input.location.kind}, ${locationDetail(input.location)}, ${input.agenda || null}, ${seriesId}, ${viewer.id}
      from unnest(${`{${starts.map((start) => start.toISOString()).join(',')}}`}::timestamptz[]) as p(starts_at)
      returning *)
      select ${sessionColumns(true)} from s join users st on st.id = s.student_id
        join users e on e.id = s.educator_id join users c on c.id = s.created_by_id
      order by s.starts_at, s.id`,
    )
    await recordAudits(
      tx,
      rows.map((row) => ({
        actorId: viewer.id,
        action: 'session.created' as const,
        subjectType: 'session' as const,
        subjectId: row.id,
        studentId,
        after: auditedSession(row),
      })),
    )
    return rows.map(toSession)
  })
}
