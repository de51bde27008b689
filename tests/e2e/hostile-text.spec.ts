import type { APIRequestContext, Page } from '@playwright/test'
import { expect, logInByApi, test } from './support/fixtures'
import {
  addToTeam,
  adminApi,
  apiAs,
  createGuardian,
  createPerson,
  type Person,
  uniqueToken,
  visitAs,
} from './support/people'
import { ADMIN_EMAIL, adminPassword, e2eState } from './support/state'

/**
 * Text people type never becomes HTML: every field a person fills in (names, a bio, a guardian's
 * relationship, document names, notes, tasks, colleges, score notes, a contact request) gets a
 * hostile string, and every page and email that shows it is checked. An injected `<img onerror>`
 * would set `data-pwned` on the body, add an `img[src="x"]` and log a failed request (which the
 * console guard turns into a failure); none of that may happen, and the text must show as text.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 })

const hostile = (where: string) => `<img src=x onerror=document.body.dataset.pwned=1><b>${where}</b>`
/** Short enough for a guardian's relationship (40 characters). */
const SHORT_HOSTILE = '<img src=x onerror=alert(1)>'

let student: Person
let educator: Person
let fao: Person
let guardian: Person
const stamp = uniqueToken()

async function post(api: APIRequestContext, url: string, data: object) {
  const response = await api.post(url, { data })
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300)
  return response.json()
}

async function rename(person: Person, where: string, extra: object = {}) {
  const api = await apiAs(person)
  const response = await api.patch('/api/v1/users/me', {
    data: { name: `${person.name} ${hostile(where)}`, ...extra },
  })
  expect(response.status(), await response.text()).toBe(200)
  await api.dispose()
}

test.beforeAll(async () => {
  const admin = await adminApi()
  student = await createPerson(admin, 'student', `Hana Hostile ${stamp}`)
  educator = await createPerson(admin, 'educator', `Eli Escaper ${stamp}`)
  fao = await createPerson(admin, 'fao', `Fay Filter ${stamp}`)
  await addToTeam(admin, student, educator)
  await addToTeam(admin, student, fao)
  await rename(student, 'student-name')
  await rename(educator, 'educator-name', { bio: hostile('educator-bio') })
  await rename(fao, 'fao-name')

  const coach = await apiAs(educator)
  guardian = await createGuardian(coach, student, `Gil Guardian ${stamp}`, SHORT_HOSTILE)
  await rename(guardian, 'guardian-name')
  const records = `/api/v1/students/${student.uuid}`
  await post(coach, `${records}/documents`, {
    name: hostile('document'),
    url: 'https://docs.example.com/essay',
  })
  await post(coach, `${records}/notes`, {
    date: '2025-10-01',
    visibility: 'shared',
    body: `${hostile('note')}\n\n<script>document.body.dataset.pwned='script'</script> [link](javascript:alert(1))`,
  })
  await post(coach, `${records}/tasks`, { title: hostile('task'), details: hostile('task-details') })
  await post(coach, `${records}/colleges`, {
    name: hostile('college'),
    round: 'RD',
    status: 'researching',
    notes: hostile('college-notes'),
  })
  await post(coach, `${records}/sat-scores`, {
    date: '2025-03-08',
    english: 600,
    math: 650,
    note: hostile('score'),
  })
  await coach.dispose()

  const visitor = await adminApi()
  await post(visitor, '/api/v1/contact', {
    name: hostile('contact-name'),
    email: `visitor-${stamp}@example.com`,
    service: 'tutoring',
    message: hostile('contact-message'),
  })
  await visitor.dispose()
  await admin.dispose()
})

/** The page holds none of the injected markup, and shows `words` as plain text. */
async function expectInert(page: Page, url: string, words: string[], search?: string) {
  await page.goto(url)
  // A list shown a page at a time: search, so the hostile row is on it.
  if (search) await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(search)
  await expect(page.locator('main').first()).toBeVisible()
  for (const word of words) {
    await expect(page.getByText(word, { exact: false }).first(), `${url} shows ${word} as text`).toBeVisible()
  }
  await page.waitForLoadState('networkidle')
  expect(await page.evaluate(() => document.body.dataset.pwned), `${url}: an onerror ran`).toBeUndefined()
  await expect(page.locator('img[src="x"], [onerror], main script')).toHaveCount(0)
}

// What each field shows as text: `<b>where</b>` inside the hostile string reads `<b>where</b>`.
const shown = (where: string) => `<b>${where}</b>`

/** The record, section by section: the words each section (`?section=`) shows. */
async function expectRecordInert(page: Page, words: Record<string, string[]>) {
  for (const [section, there] of Object.entries(words)) {
    await expectInert(page, `/students/${student.uuid}?section=${section}`, there)
  }
}

test('the record, dashboards, lists and profiles show hostile text as text, to every role', async ({
  newVisitor,
}) => {
  const recordWords = {
    scores: [shown('score'), shown('student-name')],
    plan: [shown('task'), shown('college')],
    notes: [shown('note')],
    documents: [shown('document')],
  }

  const coach = await visitAs(newVisitor, educator)
  await expectRecordInert(coach, { ...recordWords, family: [shown('guardian-name')] })
  await expectInert(coach, '/dashboard', [shown('student-name')])
  await expectInert(coach, '/students', [shown('student-name')])
  await expectInert(coach, `/users/${guardian.uuid}`, [shown('guardian-name')])

  const self = await visitAs(newVisitor, student)
  await expectInert(self, '/dashboard', [shown('task')])
  await expectRecordInert(self, { ...recordWords, family: [shown('educator-name')] })
  await expectInert(self, `/users/${educator.uuid}`, [shown('educator-name'), shown('educator-bio')])

  const family = await visitAs(newVisitor, guardian)
  await expectInert(family, '/dashboard', [shown('student-name'), shown('task'), shown('note')])
  await expectRecordInert(family, {
    documents: [shown('document')],
    notes: [shown('note')],
    family: [SHORT_HOSTILE],
  })

  const aid = await visitAs(newVisitor, fao)
  await expectRecordInert(aid, { plan: [shown('college')], family: [shown('fao-name')] })

  const admin = (await newVisitor()).page
  await logInByApi(admin.request, ADMIN_EMAIL, adminPassword())
  await expectRecordInert(admin, { ...recordWords, family: [shown('educator-name')], history: [] })
  // The overview's recent activity is everyone's newest ten events, and the other worker's tests
  // write too: the educator writes one just before, and again if others pushed it off the list.
  await expect(async () => {
    const coach = await apiAs(educator)
    await post(coach, `/api/v1/students/${student.uuid}/tasks`, { title: `Read the overview ${stamp}` })
    await coach.dispose()
    await expectInert(admin, '/admin', [shown('educator-name')])
  }).toPass({ timeout: 60_000 })
  await expectInert(admin, '/admin/users', [shown('fao-name'), shown('guardian-name')])
  await expectInert(admin, '/admin/students', [shown('student-name')], `Hana Hostile ${stamp}`)
  await expectInert(admin, '/admin/inquiries', [shown('contact-name'), shown('contact-message')])
  await expectInert(admin, '/users', [shown('educator-name')])
})

test('emails carry hostile text in plain text only, and the record export escapes it', async () => {
  const mails = (await (await fetch(e2eState().mailboxUrl)).json()) as { to: string[]; text: string }[]
  const carrying = mails.filter((mail) => mail.text.includes('onerror'))
  // The guardian invite (the student's name), the shared note (the author's name), the contact request.
  const to = carrying.flatMap((mail) => mail.to)
  expect(to).toContain(guardian.email)
  expect(carrying.length).toBeGreaterThanOrEqual(3)
  for (const mail of carrying) {
    expect(mail.text, 'no HTML part').not.toMatch(/Content-Type:\s*text\/html/i)
    expect(mail.text).toMatch(/Content-Type:\s*text\/plain/i)
  }

  const admin = await adminApi()
  const exported = await admin.get(`/api/v1/students/${student.uuid}/export?format=html`)
  expect(exported.status()).toBe(200)
  const html = await exported.text()
  expect(html).not.toMatch(/<img|<script/i)
  for (const where of ['student-name', 'document', 'note', 'task', 'college', 'score']) {
    expect(html).not.toContain(shown(where))
  }
  expect(html).toContain('&lt;img src=x onerror=')
  await admin.dispose()
})
