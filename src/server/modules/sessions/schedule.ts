import { sql } from 'drizzle-orm'
import type { Session, SessionInput } from '../../../shared/tutoring'
import type { Viewer } from '../../auth/viewer'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/raw'
import { recordAudit } from '../audit/audit'
import { studentAccess } from '../students/record'
import { requireRule } from '../students/record-rules'
import { lockEducators, refuseClashes } from './clashes'
import { seriesStarts } from './series'
import { auditedSession, toSession } from './sessions'
import { checkEducator, loadRows, locationDetail, uuidArray } from './writes'

/** Schedules one session, or each occurrence of a weekly series, refused whole on the first clash. */
export async function createSessions(
  db: Db,
  viewer: Viewer,
  studentId: string,
  input: SessionInput,
): Promise<Session[]> {
  const access = await studentAccess(db, viewer, studentId)
  requireRule(access, 'sessions.schedule')
  return db.transaction(async (tx) => {
    await checkEducator(tx, studentId, input.educatorUUID)
    const [own] = await selectRows<{ time_zone: string }>(
      tx,
      sql`select time_zone from users where id = ${viewer.id}`,
    )
    const timeZone = input.timeZone ?? own?.time_zone ?? 'America/New_York'
    const first = new Date(input.startsAt)
    const starts = input.repeat ? seriesStarts(first, timeZone, input.repeat) : [first]
    const placements = starts.map((startsAt) => ({
      startsAt,
      endsAt: new Date(startsAt.getTime() + input.durationMinutes * 60_000),
    }))
    await lockEducators(tx, [input.educatorUUID])
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
    const inserted = await selectRows<{ id: string }>(
      tx,
      sql`insert into tutoring_sessions (student_id, educator_id, service, starts_at, ends_at, duration_minutes,
        time_zone, location_kind, location_detail, agenda, series_id, created_by_id)
      select ${studentId}, ${input.educatorUUID}, ${input.service}, p.starts_at,
        p.starts_at + ${input.durationMinutes} * interval '1 minute', ${input.durationMinutes}, ${timeZone},
        ${input.location.kind}, ${locationDetail(input.location)}, ${input.agenda || null}, ${seriesId}, ${viewer.id}
      from unnest(${`{${starts.map((start) => start.toISOString()).join(',')}}`}::timestamptz[]) as p(starts_at)
      returning id`,
    )
    const rows = await loadRows(
      tx,
      sql`s.id = any(${uuidArray(inserted.map((row) => row.id))}::uuid[])`,
      true,
    )
    for (const row of rows) {
      await recordAudit(tx, {
        actorId: viewer.id,
        action: 'session.created',
        subjectType: 'session',
        subjectId: row.id,
        studentId,
        after: auditedSession(row),
      })
    }
    return rows.map(toSession)
  })
}
