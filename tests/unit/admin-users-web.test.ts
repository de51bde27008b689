import { describe, expect, it } from 'vitest'
import type { AdminUser } from '../../src/shared/users'
import { rowNumbersWords } from '../../src/web/features/invites/components/invite-import'
import { inviteLink } from '../../src/web/features/invites/invite-link'
import {
  accountStateOf,
  changeBody,
  lockedControls,
  personLabel,
  summarizeChange,
} from '../../src/web/features/users/account-changes'

const VIEWER = '00000000-0000-4000-8000-00000000000a'
const OTHER = '00000000-0000-4000-8000-00000000000b'

const adminUser = (uuid: string, profiles: Partial<AdminUser> = {}): AdminUser => ({
  uuid,
  name: 'Jo Park',
  email: 'jo@example.test',
  onboardingRequired: false,
  disabled: false,
  archived: false,
  createdAt: '2026-01-05T10:00:00.000Z',
  ...profiles,
})

describe('the Manage Users change', () => {
  it('sends only what changed, and nothing when nothing did', () => {
    const user = adminUser(OTHER, { profileEducator: { bio: '' } })
    const before = accountStateOf(user)
    expect(before).toEqual({
      roles: { admin: false, educator: true, fao: false, student: false },
      disabled: false,
    })
    expect(changeBody(before, before)).toBeNull()
    expect(changeBody(before, { ...before, roles: { ...before.roles, admin: true } })).toEqual({
      admin: true,
    })
    expect(changeBody(before, { roles: { ...before.roles, educator: false }, disabled: true })).toEqual({
      educator: false,
      disabled: true,
    })
  })

  it('locks what the server would certainly refuse', () => {
    const self = adminUser(VIEWER, { profileAdmin: {} })
    expect(lockedControls(VIEWER, self)).toEqual({
      student: false,
      studentIsGuardian: false,
      admin: true,
      disabled: true,
    })
    const student = adminUser(OTHER, { profileStudent: { satScoresHistorical: [], actScoresHistorical: [] } })
    expect(lockedControls(VIEWER, student)).toMatchObject({ student: true, studentIsGuardian: false })
    const parent = adminUser(OTHER, {
      profileGuardian: {},
      guardianOf: [{ uuid: 's-1', name: 'Maya Chen', relationship: 'Mother' }],
    })
    expect(lockedControls(VIEWER, parent)).toMatchObject({ student: true, studentIsGuardian: true })
    // A guardian profile with no links left follows nobody: the Student role stays open.
    const unlinked = adminUser(OTHER, { profileGuardian: {}, guardianOf: [] })
    expect(lockedControls(VIEWER, unlinked)).toMatchObject({ student: false, studentIsGuardian: false })
  })

  it('names the person and what follows: teams for educator and FAO, sessions for disabling', () => {
    const user = adminUser(OTHER)
    const grant = summarizeChange(user, { admin: true })
    expect(grant).toMatchObject({
      title: "Change Jo Park's roles?",
      confirmLabel: 'Save changes',
      destructive: false,
      done: "Jo Park's roles updated",
    })
    expect(grant.description).toBe('Jo Park gains the Admin role.')

    const staff = adminUser(OTHER, { profileEducator: { bio: '' }, profileFao: {} })
    const revoke = summarizeChange(staff, { educator: false, fao: false })
    expect(revoke.destructive).toBe(true)
    expect(revoke.description).toContain('loses the Educator and FAO roles')
    expect(revoke.description).toContain('taken off every student team')
    // Keeping FAO keeps the teams (a team is educators and FAOs), read-only from then on.
    const keepsFao = summarizeChange(staff, { educator: false })
    expect(keepsFao.description).not.toContain('taken off')
    expect(keepsFao.description).toContain('stay on their student teams as an FAO')

    const disable = summarizeChange(user, { disabled: true })
    expect(disable).toMatchObject({
      title: "Disable Jo Park's account?",
      confirmLabel: 'Disable account',
      destructive: true,
    })
    expect(disable.description).toContain('logs them out everywhere at once')
    expect(summarizeChange(user, { disabled: false })).toMatchObject({
      title: "Enable Jo Park's account?",
      destructive: false,
      done: "Jo Park's account enabled",
    })
  })

  it('calls a person who has not onboarded by their email', () => {
    expect(personLabel({ name: '', email: 'new@example.test' })).toBe('new@example.test')
  })

  it('builds the invite link on the login page', () => {
    expect(inviteLink('abc', 'https://app.example')).toBe('https://app.example/login?invite=abc')
  })
})

describe("the CSV import's rows left out", () => {
  it('names them by number, ten at most', () => {
    expect(rowNumbersWords([5])).toBe('row 5')
    expect(rowNumbersWords([5, 9])).toBe('rows 5 and 9')
    expect(rowNumbersWords([3, 4, 7])).toBe('rows 3, 4 and 7')
    const many = Array.from({ length: 14 }, (_, index) => index + 2)
    expect(rowNumbersWords(many)).toBe('rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 4 more')
  })
})
