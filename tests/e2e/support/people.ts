import { type APIRequestContext, request } from '@playwright/test'
import { createInvite, expect, logInByApi, signUpByApi } from './fixtures'
import { ADMIN_EMAIL, adminPassword, e2eState } from './state'

export const PEOPLE_PASSWORD = 'a long enough password'

export interface Person {
  uuid: string
  name: string
  email: string
}

type Role = 'educator' | 'fao' | 'student'

/**
 * Test data through the real API, as a person would make it: the admin invites, the invitee
 * signs up and onboards. No factories behind the server's back, no mocks.
 */
export async function adminApi(): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: e2eState().baseURL })
  await logInByApi(api, ADMIN_EMAIL, adminPassword())
  return api
}

export async function createPerson(admin: APIRequestContext, role: Role, name: string): Promise<Person> {
  // Letters and digits joined by single dots: "Ada Lovelace 2" -> ada.lovelace.2.<time>@crestline.test
  const local = name
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, '.')
    .replaceAll(/^\.|\.$/g, '')
  const email = `${local}.${Date.now().toString(36)}@crestline.test`
  const invite = await createInvite(admin, { email, [role]: true })
  const api = await request.newContext({ baseURL: e2eState().baseURL })
  await signUpByApi(api, invite, email, PEOPLE_PASSWORD)
  const me = await api.get('/api/v1/users/me')
  const { uuid } = (await me.json()) as { uuid: string }
  const onboard = await api.post(`/api/v1/users/${uuid}/onboard`, {
    data: role === 'educator' ? { name, bio: `${name} coaches SAT and ACT math.` } : { name },
  })
  expect(onboard.status(), await onboard.text()).toBe(200)
  await api.dispose()
  return { uuid, name, email }
}

/**
 * A token no other test's data holds: names and emails made with it match only this test's.
 * Letters only: `createPerson` builds the email from the name's letters, and a name ending in a
 * digit would give it two dots in a row.
 */
export const uniqueToken = () =>
  `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.replace(
    /\d/g,
    (digit) => 'abcdefghij'[Number(digit)] ?? 'a',
  )

/** One person made by the admin, for a test that needs nothing else from the admin's session. */
export async function createPersonByAdmin(role: Role, name: string): Promise<Person> {
  const admin = await adminApi()
  try {
    return await createPerson(admin, role, name)
  } finally {
    await admin.dispose()
  }
}

export async function addToTeam(admin: APIRequestContext, student: Person, member: Person) {
  const response = await admin.put(`/api/v1/students/${student.uuid}/team-members/${member.uuid}`, {
    data: {},
  })
  expect(response.status(), await response.text()).toBe(204)
}
