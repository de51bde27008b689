import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import {
  createCollege,
  createDocument,
  createInvite,
  createNote,
  createSatScore,
  createTask,
} from '../factories'
import { studentFamily } from '../helpers/family'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

/**
 * Generated input at every write route of the OpenAPI document (a new route is covered without
 * editing this file): bodies, query strings and path ids that fast-check makes up, sent by each
 * kind of caller. Whatever arrives, the answer is a 2xx or a 4xx, never a 5xx; and a refused
 * request leaves every table of the product as it found it (no half-written record).
 *
 * `FC_SEED` replays a run; `FC_RUNS` sets the requests per route (default 30; each run draws a new seed, so runs add up).
 */
const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
const RUNS = Number(process.env.FC_RUNS ?? 30)

/** The tables a refused write must not touch, row for row (rate-limit counters and session "last seen" may move). */
const CONTENT_TABLES = [
  'users',
  'student_profiles',
  'educator_profiles',
  'admin_profiles',
  'fao_profiles',
  'guardian_profiles',
  'team_members',
  'guardian_links',
  'documents',
  'sat_scores',
  'act_scores',
  'session_notes',
  'tasks',
  'college_entries',
  'user_invites',
  'calendar_feeds',
  'contact_requests',
  'app_settings',
  'two_factors',
  'audit_events',
  'hour_packages',
  'hour_ledger',
  'messages',
  'message_attachments',
  'conversation_reads',
] as const

let t: TestApp
const callers: Record<string, string> = {}
const ids: Record<string, string> = {}
let writeRoutes: { method: string; path: string }[] = []

beforeAll(async () => {
  t = await createTestApp()
  const admin = await t.userWith({ roles: ['admin'] })
  const educator = await t.userWith({ roles: ['educator'] })
  const fao = await t.userWith({ roles: ['fao'] })
  const { student, guardian } = await studentFamily(t, [educator, fao])
  const other = await t.userWith({ roles: ['student'] })
  Object.assign(callers, {
    anonymous: '',
    admin: admin.cookie,
    educator: educator.cookie,
    fao: fao.cookie,
    student: student.cookie,
    guardian: guardian.cookie,
    otherStudent: other.cookie,
  })
  await createSatScore(t.db, student.id, { date: '2026-03-14', english: 650, math: 700 })
  Object.assign(ids, {
    student: student.id,
    educator: educator.id,
    guardian: guardian.id,
    other: other.id,
    document: await createDocument(t.db, student.id, { creatorId: student.id }),
    note: await createNote(t.db, student.id, { authorId: educator.id }),
    task: await createTask(t.db, student.id, { createdById: educator.id }),
    college: await createCollege(t.db, student.id),
    invite: (await createInvite(t.db)).id,
  })
  const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>
  }
  writeRoutes = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/v1/') || path.startsWith('/api/auth/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), path })),
    )
})
afterAll(() => t.close())

/** A fingerprint of every row of each table: a refused write that changed one field would show. */
async function tableCounts(): Promise<Record<string, string>> {
  const [row] = await selectRows<Record<string, string>>(
    t.db,
    sql.raw(
      `select ${CONTENT_TABLES.map(
        (table) =>
          `(select count(*) || ':' || coalesce(md5(string_agg(r::text, ',' order by r::text)), '') from ${table} r) as ${table}`,
      ).join(', ')}`,
    ),
  )
  return row!
}

/** Field names the product's bodies use, so generated objects often look almost right. */
const FIELD_NAMES = [
  'name',
  'email',
  'bio',
  'url',
  'hidden',
  'pinned',
  'creatorUUID',
  'date',
  'english',
  'math',
  'reading',
  'science',
  'student',
  'educator',
  'fao',
  'admin',
  'usedAt',
  'title',
  'details',
  'dueDate',
  'assigneeUUID',
  'status',
  'round',
  'deadline',
  'notes',
  'costOfAttendance',
  'aidOffered',
  'body',
  'visibility',
  'durationMinutes',
  'relationship',
  'disabled',
  'roles',
  'timeZone',
  'emailTaskReminders',
  'emailSessionReminders',
  'emailMessages',
  'attachmentUUIDs',
  'upTo',
  'to',
  'studentUUIDs',
  'educatorUUID',
  'emailOnSharedNotes',
  'requireStaffTwoFactor',
  'message',
  'service',
  'website',
  'rows',
  'csv',
  'hours',
  'reason',
  'packageUUID',
  'purchasedOn',
  'expiresOn',
  'pricePaidCents',
]

const oddStrings = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '2026-02-30',
    '2026-13-01',
    '0000-00-00',
    '9999-12-31',
    '1e309',
    'NaN',
    '-0',
    'null',
    'true',
    'https://example.com',
    'javascript:alert(1)',
    'http:evil.example',
    "' or 1=1 --",
    '<script>x</script>',
    '../../etc/passwd',
    'America/Nowhere',
    'open',
    'done',
    'RD',
    'shared',
    '\u202e\u200b',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  ),
  fc.string({ minLength: 190, maxLength: 260 }),
)
const oddValues: fc.Arbitrary<unknown> = fc.oneof(
  oddStrings,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1600, 36, 400, 1_000_001, 2 ** 53, Number.MAX_SAFE_INTEGER),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
  fc.uuid(),
)
const bodies: fc.Arbitrary<unknown> = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), oddValues, { maxKeys: 8 }),
  fc.jsonValue({ maxDepth: 4 }),
  fc.constant(undefined),
)

/** A path segment: mostly real ids (so routes get past "not found"), sometimes anything. */
const pathIds = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      'student',
      'document',
      'note',
      'task',
      'college',
      'invite',
      'educator',
      'guardian',
      'other',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('random', 'garbage', 'dots', 'long', 'encoded') },
)
const concreteId = (kind: string) =>
  ids[kind] ??
  {
    random: randomUUID(),
    garbage: 'not-a-uuid',
    dots: '..',
    long: 'a'.repeat(300),
    encoded: '%E2%80%AE%20',
  }[kind]!

const queries = fc.dictionary(
  fc.constantFrom('archived', 'available', 'format', 'cursor', 'limit', 'scope', 'q', 'role', 'studentId'),
  fc.oneof(oddStrings, fc.constant('true'), fc.constant('1')),
  { maxKeys: 3 },
)

describe('generated input at every write route', () => {
  it('answers 2xx or 4xx, never 5xx, and a refusal writes nothing', async () => {
    expect(writeRoutes.length).toBeGreaterThan(40)
    let tried = 0
    const refusals = { count: 0, changedTables: [] as string[] }
    for (const route of writeRoutes) {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...Object.keys(callers)),
          fc.array(pathIds, { minLength: 4, maxLength: 4 }),
          bodies,
          queries,
          async (caller, segmentKinds, body, query) => {
            let segment = 0
            const path = route.path.replace(/\{[^}]+\}/g, () =>
              encodeURIComponent(concreteId(segmentKinds[segment++]!)),
            )
            const search = new URLSearchParams(query as Record<string, string>).toString()
            const before = await tableCounts()
            const answer = await t.request({
              method: route.method as 'POST',
              url: search ? `${path}?${search}` : path,
              cookie: callers[caller] || undefined,
              headers: { origin: TEST_ORIGIN, 'x-forwarded-for': `198.51.100.${tried % 250}` },
              ...(body === undefined
                ? {}
                : {
                    payload: JSON.stringify(body),
                    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
                  }),
            })
            tried += 1
            const context = `${route.method} ${path}${search ? `?${search}` : ''} as ${caller} with ${JSON.stringify(body)?.slice(0, 300)}: ${answer.statusCode} ${answer.body.slice(0, 300)}`
            expect(answer.statusCode, context).toBeLessThan(500)
            if (answer.statusCode >= 400) {
              refusals.count += 1
              const after = await tableCounts()
              const changed = CONTENT_TABLES.filter((table) => after[table] !== before[table])
              expect(changed, context).toEqual([])
            }
          },
        ),
        { numRuns: RUNS, seed: SEED + tried, endOnFailure: true },
      )
    }
    console.log(
      `generated input: ${tried} requests at ${writeRoutes.length} write routes (seed ${SEED}, ${RUNS} per route), ${refusals.count} refused with nothing written, 0 server errors`,
    )
  }, 600_000)
})
