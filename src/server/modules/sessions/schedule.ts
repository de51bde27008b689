import { sql } from 'drizzle-orm'
import type { AccessOnRecord } from '../../../shared/record-rules'
import type { Session, SessionInput } from '../../../shared/tutoring'
import type { Viewer } from '../../auth/viewer'
import type { Db } from '../../db/client'
import { writeRowsPrepared } from '../../db/raw'
import { requireRule } from '../students/record-rules'
import { educatorLockSql, type FoundClash, firstClashesSql, refuseFound } from './clashes'
import { seriesStarts } from './series'
import { auditedSessionSql, type SessionRow, sessionColumns, sessionPeople, toSession } from './sessions'
import { educatorOnTeamSql, locationDetail, notOnTeam } from './writes'

/**
 * Schedules one session, or each occurrence of a weekly series, refused whole on the first clash.
 * `access` is the viewer's on the record (read with the session). Two statements in the
 * transaction, as each round trip counted under load (docs/performance.md, changes 33 and 41):
 * the educator's lock with the checks that need no snapshot after it, then one statement that
 * looks for clashes (after the lock, so that it sees what the lock's previous holder committed)
 * and, when there is none, inserts the series, the sessions and their audit events and answers
 * the sessions as the reads answer them.
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
    const [checked] = await writeRowsPrepared<{ on_team: boolean; time_zone: string | null }>(
      tx,
      'sessions-create-lock',
      sql`select ${educatorLockSql(input.educatorUUID)} is null as locked,
        ${educatorOnTeamSql(studentId, input.educatorUUID)} as on_team,
        (select time_zone from users where id = ${viewer.id}) as time_zone`,
    )
    if (!checked?.on_team) throw notOnTeam()
    const timeZone = input.timeZone ?? checked.time_zone ?? 'America/New_York'
    const first = new Date(input.startsAt)
    const starts = input.repeat ? seriesStarts(first, timeZone, input.repeat) : [first]
    const clashes = firstClashesSql({
      educatorId: input.educatorUUID,
      studentId,
      placements: starts.map((startsAt) => ({
        startsAt,
        endsAt: new Date(startsAt.getTime() + input.durationMinutes * 60_000),
      })),
      excludedIds: [],
      allowStudentClash: input.allowStudentClash ?? false,
      viewerId: viewer.id,
    })
    const { repeat } = input
    const [result] = await writeRowsPrepared<{ clashes: FoundClash[] | null; sessions: SessionRow[] | null }>(
      tx,
      // One text for each of these choices.
      `sessions-create:${repeat ? 'series' : 'one'}:${clashes ? (input.allowStudentClash ? 'educator' : 'both') : 'none'}`,
      sql`with clash as (${clashes ?? sql`select null where false`}),
      ${
        repeat
          ? sql`series as (insert into session_series (student_id, every_weeks, until_date, occurrences, time_zone, created_by_id)
        select ${studentId}, ${repeat.everyWeeks}, ${repeat.until ?? null}::date, ${repeat.count ?? null}::int,
          ${timeZone}, ${viewer.id} where not exists (select 1 from clash) returning id),`
          : sql``
      }
      s as (insert into tutoring_sessions (student_id, educator_id, service, starts_at, ends_at,
        duration_minutes, time_zone, location_kind, location_detail, agenda, series_id, created_by_id)
      select ${studentId}, ${input.educatorUUID}, ${input.service}, p.starts_at,
        p.starts_at + ${input.durationMinutes} * interval '1 minute', ${input.durationMinutes}, ${timeZone},
        ${input.location.kind}, ${locationDetail(input.location)}, ${input.agenda || null},
        ${repeat ? sql`(select id from series)` : sql`null::uuid`}, ${viewer.id}
      from unnest(${`{${starts.map((start) => start.toISOString()).join(',')}}`}::timestamptz[]) as p(starts_at)
      where not exists (select 1 from clash)
      returning *),
      _audit as (insert into audit_events (actor_id, action, subject_type, subject_id, student_id, after)
        select ${viewer.id}, 'session.created', 'session', s.id, s.student_id, ${auditedSessionSql} from s)
      select (select json_agg(clash) from clash) as clashes,
        (select json_agg(x order by x.starts_at, x.id) from (select ${sessionColumns(true)}
          from s ${sessionPeople}) x) as sessions`,
    )
    refuseFound(result?.clashes ?? [])
    // The rows come back from the insert as the reads answer them (no note links one yet).
    return (result?.sessions ?? []).map(toSession)
  })
}
