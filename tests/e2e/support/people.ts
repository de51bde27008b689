import { type APIRequestContext, type BrowserContext, type Page, request } from '@playwright/test'
import { createInvite, expect, logInByApi, signUpByApi, test } from './fixtures'
import { ADMIN_EMAIL, adminPassword, e2eState } from './state'

export const PEOPLE_PASSWORD = 'a long enough password'

export interface Person {
  uuid: string
  name: string
  email: string
}

type Role = 'admin' | 'educator' | 'fao' | 'student'

/**
 * Test data through the real API, as a person would make it: the admin invites, the invitee
 * signs up and onboards. No factories behind the server's back, no mocks. The admin's API context
 * is signed in (its session is reused within a test file: `adminSession`).
 */
export async function adminApi(): Promise<APIRequestContext> {
  const file = test.info().file
  if (adminSession?.file === file) {
    const api = await request.newContext({ baseURL: e2eState().baseURL, storageState: adminSession.state })
    if ((await api.get('/api/v1/users/me')).ok()) return api
    await api.dispose()
  }
  const api = await request.newContext({ baseURL: e2eState().baseURL })
  await logInByApi(api, ADMIN_EMAIL, adminPassword())
  adminSession = { file, state: await api.storageState() }
  return api
}

/**
 * The admin's session, made by the first `adminApi()` of a test file and reused by the file's
 * later calls while it still works: one password check per file instead of one per call.
 */
let adminSession: { file: string; state: Awaited<ReturnType<APIRequestContext['storageState']>> } | undefined

/** A unique test address from a name: "Ada Lovelace 2" -> ada.lovelace.2.<time>@crestline.test */
function emailFor(name: string): string {
  const local = name
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, '.')
    .replaceAll(/^\.|\.$/g, '')
  return `${local}.${Date.now().toString(36)}@crestline.test`
}

/** Signs up with an invite and onboards (a bio for educators), as the invitee would. */
async function signUpAndOnboard(invite: string, email: string, name: string, bio?: string): Promise<Person> {
  const api = await request.newContext({ baseURL: e2eState().baseURL })
  await signUpByApi(api, invite, email, PEOPLE_PASSWORD)
  const me = await api.get('/api/v1/users/me')
  const { uuid } = (await me.json()) as { uuid: string }
  const onboard = await api.post(`/api/v1/users/${uuid}/onboard`, { data: bio ? { name, bio } : { name } })
  expect(onboard.status(), await onboard.text()).toBe(200)
  await api.dispose()
  return { uuid, name, email }
}

export async function createPerson(admin: APIRequestContext, role: Role, name: string): Promise<Person> {
  const email = emailFor(name)
  const invite = await createInvite(admin, { email, [role]: true })
  return signUpAndOnboard(
    invite,
    email,
    name,
    role === 'educator' ? `${name} coaches SAT and ACT math.` : undefined,
  )
}

/**
 * A parent or guardian of `student`, made as a family joins: staff on the team (or an admin)
 * sends a guardian invite from the student's page, and the guardian signs up with it.
 */
export async function createGuardian(
  staff: APIRequestContext,
  student: Person,
  name: string,
  relationship: string,
): Promise<Person> {
  const email = emailFor(name)
  const response = await staff.post(`/api/v1/students/${student.uuid}/guardian-invites`, {
    data: { email, relationship },
  })
  expect(response.status(), await response.text()).toBe(201)
  const { invite } = (await response.json()) as { invite: { uuid: string } }
  return signUpAndOnboard(invite.uuid, email, name)
}

/** Writes a session note through the API as `author` (staff on the team or an admin). */
export async function addNote(
  author: APIRequestContext,
  student: Person,
  note: { date: string; visibility: 'shared' | 'internal'; body: string; durationMinutes?: number },
) {
  const response = await author.post(`/api/v1/students/${student.uuid}/notes`, { data: note })
  expect(response.status(), await response.text()).toBe(201)
}

/** An API context logged in as `person` (for writes made as them). */
export async function apiAs(person: Person): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: e2eState().baseURL })
  await logInByApi(api, person.email, PEOPLE_PASSWORD)
  return api
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

type NewVisitor = () => Promise<{ context: BrowserContext; page: Page }>

/** A fresh browser context logged in as `person`; its page. */
export async function visitAs(newVisitor: NewVisitor, person: Person): Promise<Page> {
  const visitor = await newVisitor()
  await logInByApi(visitor.context.request, person.email, PEOPLE_PASSWORD)
  return visitor.page
}

/** A named section of a page (a `<section aria-labelledby>`), matched by its exact heading. */
export const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

/**
 * Opens a section of the student record on the page with a tap on the section bar's link, and
 * waits until it is the current one (`label`: Scores, Plan, Notes, Documents, Family and team, History).
 */
export async function openRecordSection(page: Page, label: string) {
  const link = page
    .getByRole('navigation', { name: 'Record sections' })
    .getByRole('link', { name: label, exact: true })
  await link.click()
  await expect(link).toHaveAttribute('aria-current', 'page')
}
