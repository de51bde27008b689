import type { Service, SessionLocation, SessionStatus } from '../../../shared/tutoring'
import type { DbOrTx } from '../client'
import { tutoringSessions } from '../schema'

/**
 * Tutoring sessions written straight to the table (no clash check, no audit row, no email, no
 * ledger entry): the demo seed uses it, and tests that need many sessions build on it.
 */
export interface SessionSeed {
  educatorId: string
  createdById: string
  service?: Service
  startsAt: Date
  durationMinutes?: number
  timeZone?: string
  location?: SessionLocation
  agenda?: string | null
  status?: SessionStatus
  seriesId?: string | null
}

export async function insertSession(db: DbOrTx, studentId: string, seed: SessionSeed): Promise<string> {
  const duration = seed.durationMinutes ?? 60
  const location = seed.location ?? { kind: 'online', meetingUrl: 'https://meet.example.com/crestline' }
  const [row] = await db
    .insert(tutoringSessions)
    .values({
      studentId,
      educatorId: seed.educatorId,
      createdById: seed.createdById,
      service: seed.service ?? 'tutoring',
      startsAt: seed.startsAt,
      endsAt: new Date(seed.startsAt.getTime() + duration * 60_000),
      durationMinutes: duration,
      timeZone: seed.timeZone ?? 'America/New_York',
      locationKind: location.kind,
      locationDetail: location.kind === 'online' ? location.meetingUrl : location.place,
      agenda: seed.agenda ?? null,
      status: seed.status ?? 'scheduled',
      seriesId: seed.seriesId ?? null,
    })
    .returning({ id: tutoringSessions.id })
  return row!.id
}
