import { TZDate } from '@date-fns/tz'
import type { SessionInput } from '../../shared/tutoring'
import type { Db } from '../db/client'
import { adjustHours } from '../modules/hours/hours'
import { createPackage } from '../modules/hours/packages'
import { createNote } from '../modules/notes/notes'
import { createSessions } from '../modules/sessions/schedule'
import { updateSession } from '../modules/sessions/writes'
import { studentAccess } from '../modules/students/record'
import type { DemoContext } from './demo-plans'

const ZONE = 'America/New_York'

/**
 * The tutoring week: hour packages, Maya's weekly SAT series with Priya (two attended, one still
 * awaiting attendance, the rest ahead), an essay session in person with Daniel, and Jordan's
 * sessions with one late cancellation; made through the product's modules, each audited.
 */
export async function seedDemoSessions({ tx, day, id, viewers, redate }: DemoContext): Promise<void> {
  // The modules open their own transaction: inside the seed's, that is a savepoint.
  const db = tx as unknown as Db
  /** `offset` days from today at hh:mm New York time, as an instant with its offset. */
  const at = (offset: number, hour: number, minute = 0) => {
    const [y, m, d] = day(offset).split('-').map(Number) as [number, number, number]
    return new TZDate(y, m - 1, d, hour, minute, ZONE).toISOString()
  }
  const online = (room: string) => ({
    kind: 'online' as const,
    meetingUrl: `https://meet.example.com/crestline-${room}`,
  })
  const schedule = async (student: string, by: string, input: Omit<SessionInput, 'timeZone'>) => {
    const access = await studentAccess(db, viewers[by]!, id(student))
    return createSessions(db, viewers[by]!, access, id(student), { timeZone: ZONE, ...input })
  }
  const mark = (student: string, by: string, uuid: string, status: 'attended' | 'late-cancelled') =>
    updateSession(db, viewers[by]!, id(student), uuid, { status })

  await createPackage(db, viewers.admin!, id('maya'), {
    name: 'SAT tutoring, 20 hours',
    service: 'tutoring',
    hours: 20,
    pricePaidCents: 360_000,
    purchasedOn: day(-30),
    expiresOn: day(150),
  })
  await createPackage(db, viewers.admin!, id('jordan'), {
    name: 'ACT tutoring, 6 hours',
    service: 'tutoring',
    hours: 6,
    pricePaidCents: 108_000,
    purchasedOn: day(-60),
    expiresOn: day(60),
  })
  await createPackage(db, viewers.admin!, id('sofia'), {
    name: 'Admissions coaching, 10 hours',
    service: 'any',
    hours: 10,
    purchasedOn: day(-45),
  })
  await redate(24 * 30)

  // Maya: weekly at 16:00 New York, ten sessions from 20 days ago: none falls on today, so which
  // sessions await attendance does not depend on the hour the demo is loaded.
  const series = await schedule('maya', 'priya', {
    educatorUUID: id('priya'),
    service: 'tutoring',
    startsAt: at(-20, 16),
    durationMinutes: 60,
    location: online('priya'),
    agenda: 'Math: **Advanced Math** drills, then one timed module.',
    repeat: { everyWeeks: 1, count: 10 },
  })
  await redate(24 * 22)
  await mark('maya', 'priya', series[0]!.uuid, 'attended')
  await mark('maya', 'priya', series[1]!.uuid, 'attended')
  await createNote(db, viewers.priya!, id('maya'), {
    date: day(-13),
    durationMinutes: 60,
    visibility: 'shared',
    body: 'Quadratics are solid now. Next week: a full timed Math module, then review the misses together.',
    sessionUUID: series[1]!.uuid,
  })
  // The day after: the marks come after the sessions they mark.
  await redate(24 * 12)
  // series[2], six days ago, is left for Priya to mark: it shows as awaiting attendance.
  await schedule('maya', 'daniel', {
    educatorUUID: id('daniel'),
    service: 'essays',
    startsAt: at(5, 17, 30),
    durationMinutes: 60,
    location: { kind: 'in-person', place: 'Crestline office, Room 2' },
    agenda: 'Tufts supplement: bring the second draft.',
  })

  // Jordan: one attended, one cancelled late (charged), one ahead.
  const [jordanPast] = await schedule('jordan', 'priya', {
    educatorUUID: id('priya'),
    service: 'tutoring',
    startsAt: at(-10, 15),
    durationMinutes: 90,
    location: online('priya'),
    agenda: 'ACT Science: data representation passages.',
  })
  const [jordanMissed] = await schedule('jordan', 'priya', {
    educatorUUID: id('priya'),
    service: 'tutoring',
    startsAt: at(-3, 15),
    durationMinutes: 60,
    location: online('priya'),
  })
  await redate(24 * 9)
  await mark('jordan', 'priya', jordanPast!.uuid, 'attended')
  await mark('jordan', 'priya', jordanMissed!.uuid, 'late-cancelled')
  await schedule('jordan', 'priya', {
    educatorUUID: id('priya'),
    service: 'tutoring',
    startsAt: at(2, 15),
    durationMinutes: 60,
    location: online('priya'),
    agenda: 'ACT Math: a timed half section.',
  })
  await adjustHours(db, viewers.admin!, id('jordan'), {
    hours: 0.5,
    reason: 'Goodwill: the connection dropped for half an hour during the last session.',
  })
  await redate(24 * 2)

  // Sofia: admissions coaching online with Daniel next week.
  await schedule('sofia', 'daniel', {
    educatorUUID: id('daniel'),
    service: 'admissions',
    startsAt: at(8, 18),
    durationMinutes: 45,
    location: online('daniel'),
    agenda: 'Compare the aid offers side by side.',
  })
  await redate(6)
}
