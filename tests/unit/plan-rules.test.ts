import { describe, expect, it } from 'vitest'
import type { CollegeEntry } from '../../src/shared/colleges'
import type { CurrentUser } from '../../src/shared/users'
import {
  byNetCost,
  canChooseAssignee,
  canEditAid,
  canEditCollegePlan,
  daysLeft,
  dueWords,
} from '../../src/web/lib/plan-rules'

const entry = (name: string, cost: number | null, aid: number | null): CollegeEntry => ({
  uuid: name,
  studentUUID: 's',
  name,
  round: 'RD',
  deadline: null,
  status: 'researching',
  notes: null,
  costOfAttendance: cost,
  aidOffered: aid,
  netCost: cost === null || aid === null ? null : cost - aid,
  createdAt: '',
  updatedAt: '',
})

describe('days left to a deadline', () => {
  it('reads in words, and marks the last 14 days', () => {
    expect(daysLeft(null, '2026-11-24')).toBeNull()
    expect(daysLeft('2026-11-24', '2026-11-24')).toEqual({ text: 'Due today', soon: true })
    expect(daysLeft('2026-11-25', '2026-11-24')).toEqual({ text: 'Due tomorrow', soon: true })
    expect(daysLeft('2026-12-08', '2026-11-24')).toEqual({ text: '14 days left', soon: true })
    expect(daysLeft('2026-12-09', '2026-11-24')).toEqual({ text: '15 days left', soon: false })
    expect(daysLeft('2026-11-21', '2026-11-24')).toEqual({ text: 'Passed 3 days ago', soon: false })
    // Across the change to winter time, still whole days.
    expect(daysLeft('2027-03-20', '2027-03-10')?.text).toBe('10 days left')
  })
})

describe('a task due date for the viewer', () => {
  const task = { status: 'open' as const, dueDate: '2026-11-24' }
  it('is overdue from midnight in the viewer’s own zone, in words', () => {
    // 2026-11-25 06:30 UTC: already the 25th in Tokyo, still the 24th in Los Angeles.
    const now = new Date('2026-11-25T06:30:00Z')
    expect(dueWords(task, 'Asia/Tokyo', now)).toMatchObject({ text: 'Overdue', overdue: true })
    expect(dueWords(task, 'America/Los_Angeles', now)).toMatchObject({ text: 'Due today', overdue: false })
    expect(dueWords({ ...task, status: 'done' }, 'Asia/Tokyo', now).overdue).toBe(false)
    expect(dueWords({ status: 'open', dueDate: null }, 'Asia/Tokyo', now).text).toBe('')
  })
})

describe('the net-cost comparison', () => {
  it('lists colleges with both figures, cheapest first', () => {
    const ranked = byNetCost([
      entry('B', 80_000, 50_000),
      entry('A', 60_000, 30_000),
      entry('C', 70_000, null),
    ])
    expect(ranked.map((college) => [college.name, college.netCost])).toEqual([
      ['A', 30_000],
      ['B', 30_000],
    ])
  })
})

describe('who edits the college list', () => {
  const fao = { profileFao: {} } as CurrentUser
  const educator = { profileEducator: { bio: 'x' } } as CurrentUser
  it('gives the aid figures to an FAO on the team only, and the rest to the student and staff writers', () => {
    expect(canEditAid('reader', fao)).toBe(true)
    expect(canEditAid('editor', educator)).toBe(false)
    expect(canEditAid('admin', fao)).toBe(false)
    expect(canEditCollegePlan('reader')).toBe(false)
    expect(canEditCollegePlan('self')).toBe(true)
    expect(canEditCollegePlan('guardian')).toBe(false)
  })
})

describe("who chooses a task's assignee (docs/product.md#permissions)", () => {
  it('is admins and educators on the team; the student adds tasks for themself only', () => {
    expect(canChooseAssignee('admin')).toBe(true)
    expect(canChooseAssignee('editor')).toBe(true)
    expect(canChooseAssignee('self')).toBe(false)
    expect(canChooseAssignee('reader')).toBe(false)
    expect(canChooseAssignee('guardian')).toBe(false)
  })
})
