import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIRST_SCREEN_ELEMENT_ID, ZONE_CLOCK_KEY } from '../../src/shared/first-screen'
import { AFTER_PAINT_SCRIPT, JS_CLASS_SCRIPT } from '../../src/shared/public-site'
import type { ZoneClock } from '../../src/shared/zone-clock'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'

/**
 * The app shell with the first screen's answers in it (ADR 047) and each route's preloads: a
 * built shell of our own, so the test does not need `npm run build`.
 */
const SHELL =
  '<!doctype html><html lang="en"><head><title>Crestline Prep</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>'
const PRELOADS = {
  fonts: ['/assets/inter-latin.woff2'],
  routes: { '/dashboard': ['/assets/dashboard.js'], '/students/$uuid': ['/assets/record.js'] },
}

let t: TestApp
let buildDir: string
let student: SignedIn
let other: SignedIn

beforeAll(async () => {
  buildDir = mkdtempSync(path.join(tmpdir(), 'crestline-shell-'))
  mkdirSync(path.join(buildDir, 'web'))
  mkdirSync(path.join(buildDir, 'pages'))
  writeFileSync(path.join(buildDir, 'web/index.html'), SHELL)
  writeFileSync(path.join(buildDir, 'pages/app-preloads.json'), JSON.stringify(PRELOADS))
  t = await createTestApp({}, { webDir: path.join(buildDir, 'web') })
  // A name that would end the script element, open a comment or end a line if written raw.
  student = await t.userWith({ roles: ['student'], name: 'Ada </script><!-- --> \u2028 & "Lovelace"' })
  other = await t.userWith({ roles: ['student'] })
})
afterAll(async () => {
  await t.close()
  rmSync(buildDir, { recursive: true, force: true })
})

const ELEMENT = new RegExp(
  `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">(.*?)</script>`,
  's',
)

async function shell(url: string, cookie?: string) {
  const response = await t.request({ method: 'GET', url, ...(cookie ? { cookie } : {}) })
  const json = ELEMENT.exec(response.body)?.[1]
  // The API's answers, and apart from them the viewer's zone clock (ADR 059).
  const { [ZONE_CLOCK_KEY]: zoneClock, ...answers } =
    json === undefined ? {} : (JSON.parse(json) as Record<string, unknown>)
  return {
    response,
    json,
    answers: json === undefined ? undefined : answers,
    zoneClock: zoneClock as ZoneClock | undefined,
  }
}

describe('the app shell', () => {
  it('gives a logged-out caller the plain shell, cacheable, with the route’s preloads', async () => {
    const { response, json } = await shell('/dashboard')
    expect(response.statusCode).toBe(200)
    expect(json).toBeUndefined()
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.body).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard.js">')
    expect(response.body).toContain('<link rel="preload" href="/assets/inter-latin.woff2" as="font"')
    // A cookie that is no session: still nothing.
    expect((await shell('/dashboard', 'better-auth.session_token=forged.value')).json).toBeUndefined()
  })

  it('puts the current user and the dashboard’s week in a logged-in caller’s shell, never cached', async () => {
    const { response, json, answers } = await shell('/dashboard', student.cookie)
    expect(response.headers['cache-control']).toBe('no-store')
    const me = await t.request({ method: 'GET', url: '/api/v1/users/me', cookie: student.cookie })
    const screen = await t.request({
      method: 'GET',
      url: '/api/v1/screens/week',
      cookie: student.cookie,
    })
    expect(answers).toEqual({ '/v1/users/me': me.json(), '/v1/screens/week': screen.json() })
    // Escaped for a script element: no tag, comment or line end can come out of the text.
    expect(json).not.toMatch(/[<>&\u2028\u2029]/)
    expect(json).toContain('\\u003c/script\\u003e\\u003c!-- --\\u003e \\u2028 \\u0026')
    // The data is not a script: the policy allows no inline script but the two it names by hash.
    const csp = String(response.headers['content-security-policy'])
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`
    expect(csp).toContain(`script-src 'self' ${hash(JS_CLASS_SCRIPT)} ${hash(AFTER_PAINT_SCRIPT)};`)
  })

  it('sends a page compressed as the caller accepts it, brotli first, the same page once decoded', async () => {
    const plain = await t.request({ method: 'GET', url: '/dashboard', cookie: student.cookie })
    expect(plain.headers['content-encoding']).toBeUndefined()
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync }
    for (const [accepts, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const headers = { 'accept-encoding': accepts }
      const sent = await t.request({ method: 'GET', url: '/dashboard', cookie: student.cookie, headers })
      expect(sent.headers['content-encoding'], accepts).toBe(encoding)
      expect(sent.headers.vary).toContain('accept-encoding')
      expect(sent.rawPayload.length).toBeLessThan(plain.rawPayload.length)
      const page = decoders[encoding](sent.rawPayload).toString('utf8')
      // The same page but for the zone clock, which starts at the minute it was asked for.
      const withoutAnswers = (html: string) => html.replace(ELEMENT, '')
      expect(withoutAnswers(page)).toBe(withoutAnswers(plain.body))
      expect(JSON.parse(ELEMENT.exec(page)![1]!)['/v1/users/me']).toEqual(
        JSON.parse(ELEMENT.exec(plain.body)![1]!)['/v1/users/me'],
      )
    }
  })

  it('puts the viewer’s zone clock beside the answers, for the zone they chose', async () => {
    const setZone = (timeZone: string) =>
      t.request({ method: 'PATCH', url: '/api/v1/users/me', cookie: other.cookie, payload: { timeZone } })
    const before = (await t.request({ method: 'GET', url: '/api/v1/users/me', cookie: other.cookie })).json()
      .timeZone
    try {
      expect((await setZone('Asia/Kolkata')).statusCode).toBe(200)
      const now = Date.now()
      const { zoneClock } = await shell('/settings', other.cookie)
      expect(zoneClock?.zone).toBe('Asia/Kolkata')
      expect(zoneClock!.from).toBeLessThan(now)
      expect(zoneClock!.until).toBeGreaterThan(now)
      // Kolkata keeps one offset all year.
      expect(zoneClock!.spans).toEqual([[zoneClock!.from, 330, 'GMT+5:30']])
      // On every app page, as the answers are.
      expect((await shell('/users', other.cookie)).zoneClock?.zone).toBe('Asia/Kolkata')
    } finally {
      if (before) await setZone(before)
    }
  })

  it('adds the record a record page shows, only when the caller may read it', async () => {
    const own = await shell(`/students/${student.id}`, student.cookie)
    const record = await t.request({
      method: 'GET',
      url: `/api/v1/students/${student.id}`,
      cookie: student.cookie,
    })
    expect(own.answers?.[`/v1/students/${student.id}`]).toEqual(record.json())
    const overview = await t.request({
      method: 'GET',
      url: `/api/v1/students/${student.id}/overview`,
      cookie: student.cookie,
    })
    expect(own.answers?.[`/v1/students/${student.id}/overview`]).toEqual(overview.json())
    expect(own.response.body).toContain('href="/assets/record.js"')

    // The lists of the section asked for, as the section asks for them.
    const plan = await shell(`/students/${student.id}?section=plan`, student.cookie)
    for (const list of ['tasks', 'colleges']) {
      const answer = await t.request({
        method: 'GET',
        url: `/api/v1/students/${student.id}/${list}`,
        cookie: student.cookie,
      })
      expect(plan.answers?.[`/v1/students/${student.id}/${list}`]).toEqual(answer.json())
    }
    const notes = await shell(`/students/${student.id}?section=notes`, student.cookie)
    expect(Object.keys(notes.answers ?? {})).toContain(`/v1/students/${student.id}/notes?limit=10`)

    const foreign = await shell(`/students/${other.id}`, student.cookie)
    expect(Object.keys(foreign.answers ?? {})).toEqual(['/v1/users/me'])
    // Other pages: the current user only.
    expect(Object.keys((await shell('/users', student.cookie)).answers ?? {})).toEqual(['/v1/users/me'])
  })

  it('adds the reads that depend on who asks once the current user is known', async () => {
    const settings = await shell('/settings', student.cookie)
    const profile = await t.request({
      method: 'GET',
      url: `/api/v1/students/${student.id}/profile`,
      cookie: student.cookie,
    })
    expect(settings.answers?.[`/v1/students/${student.id}/profile`]).toEqual(profile.json())
    expect(Object.keys((await shell('/students', student.cookie)).answers ?? {})).toEqual([
      '/v1/users/me',
      '/v1/students',
    ])
    // An admin's screens only for an admin: a student asks for nothing more there.
    expect(Object.keys((await shell('/admin/users', student.cookie)).answers ?? {})).toEqual(['/v1/users/me'])
    const admin = await t.userWith({ roles: ['admin'] })
    expect(Object.keys((await shell('/admin', admin.cookie)).answers ?? {})).toEqual([
      '/v1/users/me',
      '/v1/screens/admin',
      '/v1/screens/week',
    ])
    const dashboard = await shell('/dashboard', admin.cookie)
    const assigned = await t.request({
      method: 'GET',
      url: '/api/v1/tasks/mine?scope=assigned',
      cookie: admin.cookie,
    })
    expect(dashboard.answers?.['/v1/tasks/mine?scope=assigned']).toEqual(assigned.json())
    expect(Object.keys((await shell('/dashboard', student.cookie)).answers ?? {})).not.toContain(
      '/v1/tasks/mine?scope=assigned',
    )
    expect(Object.keys((await shell('/admin/students', admin.cookie)).answers ?? {})).toEqual([
      '/v1/users/me',
      '/v1/screens/admin/students?tab=active&limit=25',
    ])
  })
})
