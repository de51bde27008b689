import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { formatPlainDate, formatTimestamp } from '../../src/shared/dates'
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
})
