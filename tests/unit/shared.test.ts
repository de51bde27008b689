import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { formatPlainDate, formatTimeOfDay, formatTimestamp } from '../../src/shared/dates'
import { createInviteBodySchema } from '../../src/shared/invites'
import { inviteRoleLabels, userRoleLabels } from '../../src/shared/roles'
import { onboardBodySchema } from '../../src/shared/users'
import { emailField, MESSAGES, requiredText } from '../../src/shared/validation'

describe('form messages (docs/product.md#form-messages)', () => {
  it('says a missing or empty value is required', () => {
    const schema = z.object({ name: requiredText(100) })
    expect(schema.safeParse({}).error?.issues[0]?.message).toBe(MESSAGES.required)
    expect(schema.safeParse({ name: '   ' }).error?.issues[0]?.message).toBe(MESSAGES.required)
    expect(onboardBodySchema.safeParse({}).error?.issues[0]?.message).toBe(MESSAGES.required)
  })

  it('says a bad email is not valid, and lowercases a good one', () => {
    expect(emailField.safeParse('someone@').error?.issues[0]?.message).toBe(MESSAGES.email)
    expect(emailField.parse(' Maya@Example.COM ')).toBe('maya@example.com')
  })

  it("never leaks zod's default wording", () => {
    const messages = [
      z.object({ n: z.number().max(3) }).safeParse({ n: 9 }),
      z.object({ s: z.string().max(2) }).safeParse({ s: 'abcd' }),
      z.strictObject({}).safeParse({ extra: 1 }),
      createInviteBodySchema.safeParse({ student: 'yes' }),
    ].flatMap((result) => result.error?.issues.map((i) => i.message) ?? [])
    for (const message of messages)
      expect(message).not.toMatch(/^(Too big|Too small|Invalid input|Unrecognized)/)
  })

  describe('required text', () => {
    const name = requiredText(100)
    const messages = (value: unknown) => name.safeParse(value).error?.issues.map((issue) => issue.message)

    it('says the length message for a long value, and the required message only for a missing one', () => {
      expect(messages('A'.repeat(420))).toEqual(['Use at most 100 characters.'])
      expect(messages('   ')).toEqual(['This field is required.'])
      expect(messages(undefined)).toEqual(['This field is required.'])
    })

    it('needs a character a reader can see', () => {
      for (const invisible of [
        '\u200B',
        '\u200B\u200C\u200D\u2060',
        '\uFEFF\u00AD',
        '\u3164\u3164',
        '\u2800',
      ]) {
        expect(messages(invisible)).toEqual(['Use at least one visible character.'])
      }
      expect(name.parse(' Zoë\u200B ')).toBe('Zoë\u200B')
      expect(name.parse('李')).toBe('李')
    })
  })
})

describe('role labels', () => {
  it('orders user labels Admin, Educator, FAO, Student', () => {
    expect(
      userRoleLabels({ profileStudent: {}, profileAdmin: {}, profileEducator: null, profileFao: {} }),
    ).toEqual(['Admin', 'FAO', 'Student'])
  })

  it('orders invite labels: Admin, FAO, Educator, Student', () => {
    expect(inviteRoleLabels({ student: true, educator: true, fao: true, admin: true })).toEqual([
      'Admin',
      'FAO',
      'Educator',
      'Student',
    ])
  })
})

describe('dates', () => {
  it("formats timestamps as 'Mon D, YYYY' in the viewer's time zone", () => {
    const instant = '2026-01-01T03:00:00Z'
    expect(formatTimestamp(instant, 'America/Los_Angeles')).toBe('Dec 31, 2025')
    expect(formatTimestamp(instant, 'Asia/Tokyo')).toBe('Jan 1, 2026')
  })

  it('formats a plain date as the same day everywhere', () => {
    expect(formatPlainDate('2025-09-01')).toBe('Sep 1, 2025')
  })

  // Written without Intl (ADR 057), and held here to Intl's own en-US words.
  it("writes plain dates, and instants in the machine's own zone, exactly as Intl's en-US does", () => {
    const utcDay = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    })
    for (let day = Date.UTC(2023, 11, 1); day < Date.UTC(2027, 1, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10)
      expect(formatPlainDate(iso)).toBe(utcDay.format(new Date(day)))
    }
    expect(() => formatPlainDate('not a date')).toThrow(RangeError)

    const zoneBefore = process.env.TZ
    try {
      // Zones far apart, with and without daylight saving, and one a half hour off.
      const januaryOffsets = {
        'America/New_York': 300,
        'Asia/Kolkata': -330,
        'Pacific/Auckland': -780,
        UTC: 0,
      }
      for (const [zone, offset] of Object.entries(januaryOffsets)) {
        process.env.TZ = zone
        // The zone must really have changed (it does not in a worker thread), or this proves nothing.
        expect(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset()).toBe(offset)
        const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
        const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' })
        // Every 37 minutes through 2026, so every hour and the changes of clock are crossed.
        for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 37 * 60_000) {
          const instant = new Date(at)
          expect(formatTimestamp(instant)).toBe(day.format(instant))
          expect(formatTimeOfDay(instant.toISOString())).toBe(time.format(instant))
        }
      }
    } finally {
      if (zoneBefore === undefined) delete process.env.TZ
      else process.env.TZ = zoneBefore
    }
  })
})
