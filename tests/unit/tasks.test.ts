import { describe, expect, it } from 'vitest'
import { isOverdue, todayIn } from '../../src/shared/tasks'
import { isTimeZone } from '../../src/shared/time-zones'

describe('overdue, by the viewer’s time zone', () => {
  // 2026-03-10 06:30 UTC: 23:30 on the 9th in Los Angeles (PDT), 20:30 on the 10th in Kiritimati.
  const now = new Date('2026-03-10T06:30:00Z')
  const task = (dueDate: string | null, status: 'open' | 'done' = 'open') => ({ dueDate, status })

  it('reads today’s date in each zone', () => {
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-03-09')
    expect(todayIn('Pacific/Kiritimati', now)).toBe('2026-03-10')
    // A new year comes first in Auckland (13 hours ahead in its summer); zero-padded either way.
    expect(todayIn('Pacific/Auckland', new Date('2026-12-31T12:00:00Z'))).toBe('2027-01-01')
    expect(todayIn('America/New_York', new Date('2026-12-31T12:00:00Z'))).toBe('2026-12-31')
  })

  it('a task due on the 9th is overdue in Kiritimati but not yet in Los Angeles', () => {
    expect(isOverdue(task('2026-03-09'), 'America/Los_Angeles', now)).toBe(false)
    expect(isOverdue(task('2026-03-09'), 'Pacific/Kiritimati', now)).toBe(true)
  })

  it('turns overdue at midnight in Los Angeles, not at midnight UTC', () => {
    const beforeMidnight = new Date('2026-03-10T06:59:59Z')
    const afterMidnight = new Date('2026-03-10T07:00:00Z')
    expect(isOverdue(task('2026-03-09'), 'America/Los_Angeles', beforeMidnight)).toBe(false)
    expect(isOverdue(task('2026-03-09'), 'America/Los_Angeles', afterMidnight)).toBe(true)
  })

  it('a done task or one without a date is never overdue', () => {
    expect(isOverdue(task('2020-01-01', 'done'), 'America/Los_Angeles', now)).toBe(false)
    expect(isOverdue(task(null), 'America/Los_Angeles', now)).toBe(false)
  })
})

describe('isTimeZone', () => {
  it.each(['America/New_York', 'Pacific/Kiritimati', 'UTC', 'America/Argentina/Buenos_Aires'])(
    'accepts %s',
    (zone) => {
      expect(isTimeZone(zone)).toBe(true)
    },
  )
  it.each(['', 'Mars/Olympus', '+05:00', 'UTC+3', 'America/New York', 'x'.repeat(65)])(
    'refuses %s',
    (zone) => {
      expect(isTimeZone(zone)).toBe(false)
    },
  )
})
