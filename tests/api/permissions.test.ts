import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadViewer } from '../../src/server/auth/viewer'
import { selectRows } from '../../src/server/db/raw'
import { insertSession } from '../../src/server/db/seed/sessions'
import { createForm } from '../../src/server/modules/practice/forms'
import { practiceFormInputSchema } from '../../src/shared/practice'
import {
  addGuardian,
  addToTeam,
  createActScore,
  createCollege,
  createDocument,
  createInvite,
  createNote,
  createSatScore,
  createTask,
  createUser,
} from '../factories'
import { formBody, formCsv } from '../helpers/practice-forms'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { createFileDocument, multipart, SAMPLES } from '../helpers/uploads'

/**
 * Every /api/v1 route against every kind of caller (docs/product.md#permissions), from this one table. A
 * route of the OpenAPI document that the table lacks fails the last test, so none can be forgotten.
 *
 * The student record under test belongs to `student`; `educator` and `fao` are on its team;
 * `otherStudent` and `otherEducator` are not. `guardian` is the student's parent;
 * `otherGuardian` is the parent of `otherStudent`. `needsOnboarding` is an educator who has not
 * onboarded yet.
 */
const CALLERS = [
  'loggedOut',
  'needsOnboarding',
  'student',
  'otherStudent',
  'educator',
  'fao',
  'otherEducator',
  'guardian',
  'otherGuardian',
  'admin',
] as const
type Caller = (typeof CALLERS)[number]
type Expect = Record<Caller, number>

interface Context {
  ids: Record<Exclude<Caller, 'loggedOut'>, string> & { outsider: string }
  t: TestApp
}

/** A request: a JSON `body`, or a raw `payload` with its `headers` (a multipart upload). */
type Built = { url: string; body?: unknown; payload?: Buffer; headers?: Record<string, string> }

interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** The route as Fastify knows it, for the completeness check. */
  route: string
  /** Builds the request; runs before each caller's request, so writes get fresh targets. */
  request: (ctx: Context) => Promise<Built> | Built
  expect: Expect
  /** A stream that stays open (server-sent events): its status is read, its body only when refused. */
  stream?: true
}

const base = { loggedOut: 401, needsOnboarding: 403 }
const adminOnly = (ok: number): Expect => ({
  ...base,
  student: 403,
  otherStudent: 403,
  educator: 403,
  fao: 403,
  otherEducator: 403,
  guardian: 403,
  otherGuardian: 403,
  admin: ok,
})
const everyone = (ok: number): Expect => ({
  ...base,
  student: ok,
  otherStudent: ok,
  educator: ok,
  fao: ok,
  otherEducator: ok,
  guardian: ok,
  otherGuardian: ok,
  admin: ok,
})
/** Read the record: the team, the student, their guardian and admins; everyone else is told it does not exist. */
const recordReaders = (ok: number): Expect => ({
  ...base,
  student: ok,
  otherStudent: 404,
  educator: ok,
  fao: ok,
  otherEducator: 404,
  guardian: ok,
  otherGuardian: 404,
  admin: ok,
})
/** Change the record: as readers, but an FAO on the team and the guardian are refused with 403. */
const recordWriters = (ok: number): Expect => ({ ...recordReaders(ok), fao: 403, guardian: 403 })
/** Invite and remove guardians: admins and educators on the team; other readers 403. */
const familyManagers = (ok: number): Expect => ({ ...recordWriters(ok), student: 403 })
/** Notes: admins and staff on the team (an FAO too) write; the student and guardian read only. */
const noteWriters = (ok: number): Expect => ({ ...recordReaders(ok), student: 403, guardian: 403 })
/** The Staff conversation: admins and staff on the team; it does not exist for the family (404). */
const staffConversation = (ok: number): Expect => ({ ...recordReaders(ok), student: 404, guardian: 404 })
/** Sessions: the record's readers but the FAO, who is refused them (403). */
const sessionReaders = (ok: number): Expect => ({ ...recordReaders(ok), fao: 403 })
/** Hours: read by the record's readers but the FAO (403); recorded by admins alone (other readers 403). */
const hoursReaders = (ok: number): Expect => ({ ...recordReaders(ok), fao: 403 })
const hoursManagers = (ok: number): Expect => ({
  ...recordReaders(403),
  otherStudent: 404,
  otherEducator: 404,
  otherGuardian: 404,
  admin: ok,
})
/** Practice attempts: read by the record's readers but the FAO (403). */
const practiceReaders = (ok: number): Expect => ({ ...recordReaders(ok), fao: 403 })
/** Forms: admins (educators read them); the FAO 403; anyone else 404, as for staff-only things. */
const formStaff = (ok: number, educators: number): Expect => ({
  ...recordReaders(404),
  educator: educators,
  otherEducator: educators,
  fao: 403,
  admin: ok,
})
let sequence = 0

const sat = { date: '2025-03-08', english: 600, math: 650 }
const act = { date: '2025-10-25', english: 30, math: 28, reading: 31, science: 27 }
const NO_SUCH = '00000000-0000-4000-8000-000000000000'
const student = (ctx: Context) => `/api/v1/students/${ctx.ids.student}`
const studentDocument = (ctx: Context) =>
  createDocument(ctx.t.db, ctx.ids.student, { creatorId: ctx.ids.student })
const staffTask = (ctx: Context) => createTask(ctx.t.db, ctx.ids.student, { createdById: ctx.ids.educator })
const sharedNote = (ctx: Context) =>
  createNote(ctx.t.db, ctx.ids.student, { authorId: ctx.ids.educator, visibility: 'shared' })

/** A message as written by the API, without its checks: the educator's in the student's conversation. */
const messageOf = async (ctx: Context, kind: 'family' | 'staff') => {
  const [row] = await selectRows<{ id: string }>(
    ctx.t.db,
    sql`insert into messages (student_id, kind, author_id, body)
    values (${ctx.ids.student}, ${kind}, ${ctx.ids.educator}, 'Hello.') returning id`,
  )
  return row!.id
}
const familyMessage = (ctx: Context) => messageOf(ctx, 'family')
const staffMessage = (ctx: Context) => messageOf(ctx, 'staff')

/** A start no other request of this file uses: two hours apart from each other. */
const freeSlot = () => new Date(Date.UTC(2028, 0, 3) + ++sequence * 2 * 3_600_000).toISOString()
/** A scheduled tutoring session of the student's, with their educator, in the future. */
const futureSession = (ctx: Context) =>
  insertSession(ctx.t.db, ctx.ids.student, {
    educatorId: ctx.ids.educator,
    createdById: ctx.ids.educator,
    startsAt: new Date(freeSlot()),
  })

/** A live session of `outsider`, whom no caller is. */
const someonesSession = async (ctx: Context) => {
  const [row] = await selectRows<{ id: string }>(
    ctx.t.db,
    sql`insert into sessions (token, user_id, expires_at)
      values (${`outsider-${randomUUID()}`}, ${ctx.ids.outsider}, now() + interval '1 day') returning id`,
  )
  return row!.id
}

/** A guardian invite of the student's, sent to `outsider`'s address. */
const outsidersGuardianInvite = async (ctx: Context) => {
  const [row] = await selectRows<{ id: string }>(
    ctx.t.db,
    sql`insert into user_invites (email, guardian_student_id, guardian_relationship, expires_at)
      select email, ${ctx.ids.student}, 'Parent', now() + interval '1 day' from users where id = ${ctx.ids.outsider}
      returning id`,
  )
  return row!.id
}

/** A practice form, straight through the module as its admin would add it. */
const practiceForm = async (ctx: Context) => {
  const admin = (await loadViewer(ctx.t.db, ctx.ids.admin))!
  const input = practiceFormInputSchema.parse(formBody('SAT', null, `Form ${++sequence}`))
  return (await createForm(ctx.t.db, admin, input)).uuid
}
let sharedForm: Promise<string> | undefined
const theForm = (ctx: Context) => (sharedForm ??= practiceForm(ctx))
/** An attempt of the student's on the shared form, assigned and not yet submitted. */
const openAttempt = async (ctx: Context) => {
  const [row] = await selectRows<{ id: string }>(
    ctx.t.db,
    sql`insert into practice_attempts (student_id, form_id, assigned_by_id)
      values (${ctx.ids.student}, ${await theForm(ctx)}, ${ctx.ids.educator}) returning id`,
  )
  return row!.id
}
const attemptUrl = async (ctx: Context) => `${student(ctx)}/practice-attempts/${await openAttempt(ctx)}`

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v1/practice-tests',
    request: () => ({ url: '/api/v1/practice-tests' }),
    expect: formStaff(200, 200),
  },
  {
    method: 'POST',
    route: '/api/v1/practice-tests',
    request: () => ({ url: '/api/v1/practice-tests', body: formBody('SAT', null, `Form ${++sequence}`) }),
    expect: formStaff(201, 403),
  },
  {
    method: 'POST',
    route: '/api/v1/practice-tests/import/preview',
    request: () => ({
      url: '/api/v1/practice-tests/import/preview',
      body: { name: 'Imported', test: 'SAT', ...formCsv(formBody('SAT', null)) },
    }),
    expect: formStaff(200, 403),
  },
  {
    method: 'POST',
    route: '/api/v1/practice-tests/import',
    request: () => ({
      url: '/api/v1/practice-tests/import',
      body: { name: `Imported ${++sequence}`, test: 'SAT', ...formCsv(formBody('SAT', null)) },
    }),
    expect: formStaff(201, 403),
  },
  {
    method: 'GET',
    route: '/api/v1/practice-tests/:formId',
    request: async (ctx) => ({ url: `/api/v1/practice-tests/${await theForm(ctx)}` }),
    expect: formStaff(200, 200),
  },
  {
    method: 'PUT',
    route: '/api/v1/practice-tests/:formId',
    request: async (ctx) => ({
      url: `/api/v1/practice-tests/${await theForm(ctx)}`,
      body: formBody('SAT', null, 'The shared form'),
    }),
    expect: formStaff(200, 403),
  },
  {
    method: 'DELETE',
    route: '/api/v1/practice-tests/:formId',
    request: async (ctx) => ({ url: `/api/v1/practice-tests/${await practiceForm(ctx)}` }),
    expect: formStaff(204, 403),
  },
  {
    method: 'GET',
    route: '/api/v1/students/:id/practice-attempts',
    request: (ctx) => ({ url: `${student(ctx)}/practice-attempts` }),
    expect: practiceReaders(200),
  },
  {
    method: 'POST',
    route: '/api/v1/students/:id/practice-attempts',
    request: async (ctx) => ({
      url: `${student(ctx)}/practice-attempts`,
      body: { formUUID: await theForm(ctx), dueDate: '2030-01-15' },
    }),
    expect: familyManagers(201),
  },
  {
    method: 'GET',
    route: '/api/v1/students/:id/practice-attempts/:attemptId',
    request: async (ctx) => ({ url: await attemptUrl(ctx) }),
    expect: practiceReaders(200),
  },
  {
    method: 'PUT',
    route: '/api/v1/students/:id/practice-attempts/:attemptId/answers',
    request: async (ctx) => ({
      url: `${await attemptUrl(ctx)}/answers`,
      body: { answers: [{ section: 'math', number: 4, answer: '.75' }] },
    }),
    expect: recordWriters(200),
  },
  {
    method: 'POST',
    route: '/api/v1/students/:id/practice-attempts/:attemptId/submit',
    request: async (ctx) => ({ url: `${await attemptUrl(ctx)}/submit`, body: {} }),
    expect: recordWriters(200),
  },
  {
    method: 'GET',
    route: '/api/v1/students/:id/skills',
    request: (ctx) => ({ url: `${student(ctx)}/skills` }),
    expect: practiceReaders(200),
  },
  {
    method: 'GET',
    route: '/api/v1/skills',
    // The student's educator's caseload: theirs to read, and admins'; families are told it does not exist.
    request: (ctx) => ({ url: `/api/v1/skills?educator=${ctx.ids.educator}&from=2030-01-01&to=2030-01-31` }),
    expect: { ...formStaff(200, 403), educator: 200 },
  },
  {
    method: 'GET',
    route: '/api/v1/skills',
    // Every student's (all educators): admins alone; educators 403; families are told it does not exist.
    request: () => ({ url: '/api/v1/skills?educator=all&from=2030-01-01&to=2030-01-31' }),
    expect: formStaff(200, 403),
  },
  {
    method: 'GET',
    route: '/api/v1/users/me',
    request: () => ({ url: '/api/v1/users/me' }),
    expect: { ...everyone(200), needsOnboarding: 200 },
  },
  {
    method: 'GET',
    route: '/api/v1/users',
    request: (ctx) => ({ url: `/api/v1/users?available-for=${ctx.ids.student}` }),
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/v1/user-invites',
    request: () => ({ url: '/api/v1/user-invites?available' }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/v1/user-invites',
    request: () => ({ url: '/api/v1/user-invites', body: { student: true } }),
    expect: adminOnly(201),
  },
  {
    method: 'DELETE',
    route: '/api/v1/user-invites/:id',
    request: () => ({ url: `/api/v1/user-invites/${NO_SUCH}` }),
    expect: adminOnly(404),
  },
  {
    method: 'GET',
    route: '/api/v1/user-invites/:id',
    request: () => ({ url: `/api/v1/user-invites/${NO_SUCH}` }),
    expect: { ...everyone(404), loggedOut: 404, needsOnboarding: 404 },
  },
  {
    method: 'GET',
    route: '/api/v1/students',
    request: () => ({ url: '/api/v1/students' }),
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/v1/students/:id',
    request: (ctx) => ({ url: student(ctx) }),
    expect: recordReaders(200),
  },
  {
    method: 'POST',
    route: '/api/v1/students/:id/sat-scores',
    request: (ctx) => ({ url: `${student(ctx)}/sat-scores`, body: sat }),
    expect: recordWriters(201),
  },
  {
    method: 'DELETE',
    route: '/api/v1/students/:id/sat-scores',
    request: async (ctx) => {
      // An entry nobody on record added (and not the one the POST row above added).
      const older = { date: '2025-05-03', english: 610, math: 640 }
      await createSatScore(ctx.t.db, ctx.ids.student, older)
      return { url: `${student(ctx)}/sat-scores`, body: older }
    },
    // The entry was not added by the student, who changes only the entries they added.
    expect: { ...recordWriters(204), student: 403 },
  },
  {
    method: 'PATCH',
    route: '/api/v1/students/:id/sat-scores/:entryId',
    request: async (ctx) => ({
      url: `${student(ctx)}/sat-scores/${await createSatScore(ctx.t.db, ctx.ids.student, { ...sat, createdById: ctx.ids.student })}`,
      body: { note: 'Bluebook test 4' },
    }),
    expect: recordWriters(200),
  },
  {
    method: 'DELETE',
    route: '/api/v1/students/:id/sat-scores/:entryId',
    request: async (ctx) => ({
      url: `${student(ctx)}/sat-scores/${await createSatScore(ctx.t.db, ctx.ids.student, { ...sat, createdById: ctx.ids.educator })}`,
    }),
    expect: { ...recordWriters(204), student: 403 },
  },
  {
    method: 'POST',
    route: '/api/v1/students/:id/act-scores',
    request: (ctx) => ({ url: `${student(ctx)}/act-scores`, body: act }),
    expect: recordWriters(201),
  },
  {
    method: 'DELETE',
    route: '/api/v1/students/:id/act-scores',
    request: async (ctx) => {
      await createActScore(ctx.t.db, ctx.ids.student, { ...act, createdById: ctx.ids.student })
      return { url: `${student(ctx)}/act-scores`, body: act }
    },
    expect: recordWriters(204),
  },
  {
    method: 'PATCH',
    route: '/api/v1/students/:id/act-scores/:entryId',
    request: async (ctx) => ({
      url: `${student(ctx)}/act-scores/${await createActScore(ctx.t.db, ctx.ids.student, { ...act, createdById: ctx.ids.educator })}`,
      body: { source: 'practice' },
    }),
    expect: { ...recordWriters(200), student: 403 },
  },
  {
    method: 'DELETE',
    route: '/api/v1/students/:id/act-scores/:entryId',
    request: async (ctx) => ({
      url: `${student(ctx)}/act-scores/${await createActScore(ctx.t.db, ctx.ids.student, { ...act, createdById: ctx.ids.student })}`,
    }),
    expect: recordWriters(204),
  },
  {
    method: 'PUT',
    route: '/api/v1/students/:id/targets',
    request: (ctx) => ({ url: `${student(ctx)}/targets`, body: { sat: 1450, act: 32 } }),
    expect: recordWriters(200),
  },
  {
    method: 'POST',
    route: '/api/v1/students/:id/documents',
    request: (ctx) => ({
      url: `${student(ctx)}/documents`,
      body: { name: 'Practice test 3', url: 'https://docs.example.com/pt3' },
    }),
    // A guardian may add documents too (never hidden or pinned).
    expect: { ...recordWriters(201), guardian: 201 },
  },
  {
    method: 'POST',
    route: '/api/v1/students/:id/documents',
    // The same route with a file (multipart/form-data): the same rules as a link.
    request: (ctx) => ({
      url: `${student(ctx)}/documents`,
      ...multipart({ name: 'essay.pdf', bytes: SAMPLES.pdf }),
    }),
    expect: { ...recordWriters(201), guardian: 201 },
  },
  {
    method: 'GET',
    route: '/api/v1/students/:id/documents/:documentId/file',
    request: async (ctx) => ({
      url: `${student(ctx)}/documents/${await createFileDocument(ctx.t, ctx.ids.student, { creatorId: ctx.ids.educator })}/file`,
    }),
    expect: recordReaders(200),
  },
  {
    method: 'GET',
    route: '/api/v1/students/:id/documents/:documentId/file',
    // A hidden file does not exist for the student and their guardian.
    request: async (ctx) => ({
      url: `${student(ctx)}/documents/${await createFileDocument(ctx.t, ctx.ids.student, { creatorId: ctx.ids.educator, hidden: true })}/file`,
    }),
    expect: { ...recordReaders(200), student: 404, guardian: 404 },
  },
  {
    method: 'PUT',
    route: '/api/v1/students/:id/documents/:documentId',
    request: async (ctx) => ({
      url: `${student(ctx)}/documents/${await studentDocument(ctx)}`,
      body: { name: 'Renamed', url: 'https://docs.example.com/renamed', creatorUUID: ctx.ids.student },
    }),
    expect: recordWriters(200),
  },
  {
    method: 'DELETE',
    route: '/api/v1/students/:id/documents/:documentId',
    request: async (ctx) => ({ url: `${student(ctx)}/documents/${await studentDocument(ctx)}` }),
    expect: recordWriters(204),
  },
  {
    method: 'PUT',
    route: '/api/v1/students/:id/team-members/:userId',
    request: (ctx) => ({ url: `${student(ctx)}/team-members/${ctx.ids.outsider}`, body: {} }),
    expect: adminOnly(204),
  },
  {
    method: 'DELETE',
    route: '/api/v1/students/:id/team-members/:userId',
    request: async (ctx) => {
      await addToTeam(ctx.t.db, ctx.ids.student, ctx.ids.outsider)
      return { url: `${student(ctx)}/team-members/${ctx.ids.outsider}`, body: {} }
    },
    expect: adminOnly(204),
  },
  {
    method: 'POST',
    route: '/api/v1/students/:id/guardian-invites',
    request: (ctx) => ({
      url: `${student(ctx)}/guardian-invites`,
      body: { email: `parent-${++sequence}@example.test`, relationship: 'Mother' },
    }),
    expect: familyManagers(201),
  },
  {
    method: 'GET',
    route: '/api/v1/students/:id/guardian-invites',
    request: (ctx) => ({ url: `${student(ctx)}/guardian-invites` }),
    // The student lists the invites they sent themself (at onboarding).
    expect: { ...familyManagers(200), student: 200 },
  },
  {
    method: 'POST',
    route: '/api/v1/students/:id/guardian-invites/:inviteId/resend',
    request: async (ctx) => ({
      url: `${student(ctx)}/guardian-invites/${await outsidersGuardianInvite(ctx)}/resend`,
    }),
    expect: familyManagers(200),
  },
  {
    method: 'DELETE',
    route: '/api/v1/students/:id/guardian-invites/:inviteId',
    request: async (ctx) => ({
      url: `${student(ctx)}/guardian-invites/${await outsidersGuardianInvite(ctx)}`,
    }),
    expect: familyManagers(204),
  },
  {
    method: 'DELETE',
    route: '/api/v1/students/:id/guardians/:userId',
    request: async (ctx) => {
      const parent = await createUser(ctx.t.db, { roles: ['guardian'] })
      await addGuardian(ctx.t.db, ctx.ids.student, parent.id)
      return { url: `${student(ctx)}/guardians/${parent.id}` }
    },
    expect: familyManagers(204),
  },
  {
    method: 'GET',
    route: '/api/v1/user-invites/:id/acceptance',
    // A guardian invite sent to someone no caller is: only its addressee may see or accept it.
    request: async (ctx) => ({
      url: `/api/v1/user-invites/${await outsidersGuardianInvite(ctx)}/acceptance`,
    }),
    expect: everyone(404),
  },
  {
    method: 'POST',
    route: '/api/v1/user-invites/:id/accept',
    request: async (ctx) => ({ url: `/api/v1/user-invites/${await outsidersGuardianInvite(ctx)}/accept` }),
    expect: everyone(404),
  },
  {
    method: 'GET',
    route: '/api/v1/students/:id/notes',
    request: (ctx) => ({ url: `${student(ctx)}/notes?limit=5` }),
    expect: recordReaders(200),
  },
  {
    method: 'POST',
    route: '/api/v1/students/:id/notes',
    request: (ctx) => ({
      url: `${student(ctx)}/notes`,
      body: { date: '2026-01-15', visibility: 'internal', body: 'Session plan.' },
    }),
    expect: noteWriters(201),
  },
  {
    method: 'PUT',
    route: '/api/v1/students/:id/notes/:noteId',
    // The educator's shared note: only its author edits it.
    request: async (ctx) => ({
      url: `${student(ctx)}/notes/${await sharedNote(ctx)}`,
      body: { date: '2026-01-15', visibility: 'shared', body: 'Edited.' },
    }),
    expect: { ...noteWriters(403), educator: 200 },
  },
  {
    method: 'DELETE',
    route: '/api/v1/students/:id/notes/:noteId',
    request: async (ctx) => ({ url: `${student(ctx)}/notes/${await sharedNote(ctx)}` }),
    expect: { ...noteWriters(403), educator: 204, admin: 204 },
  },
  {
    method: 'GET',
    route: '/api/v1/students/:id/conversations/:kind/messages',
    request: (ctx) => ({ url: `${student(ctx)}/conversations/family/messages?limit=5` }),
    expect: recordReaders(200),
  },
  {
    method: 'POST',
    route: '/api/v1/students/:id/conversations/:kind/messages',
    request: (ctx) => ({ url: `${student(ctx)}/conversations/staff/messages`, body: { body: 'Plan.' } }),
    expect: staffConversation(201),
  },
  {
    method: 'PATCH',
    route: '/api/v1/students/:id/conversations/:kind/messages/:messageId',
    // The educator's Family message: only its author edits it.
    request: async (ctx) => ({
      url: `${student(ctx)}/conversations/family/messages/${await familyMessage(ctx)}`,
      body: { body: 'Edited.' },
    }),
    expect: { ...recordReaders(403), educator: 200 },
  },
  {
    method: 'DELETE',
    route: '/api/v1/students/:id/conversations/:kind/messages/:messageId',
    request: async (ctx) => ({
      url: `${student(ctx)}/conversations/family/messages/${await familyMessage(ctx)}`,
    }),
    expect: { ...recordReaders(403), educator: 204, admin: 204 },
  },
  {
    method: 'POST',
    route: '/api/v1/students/:id/conversations/:kind/read',
    request: async (ctx) => ({
      url: `${student(ctx)}/conversations/staff/read`,
      body: { upTo: await staffMessage(ctx) },
    }),
    expect: staffConversation(200),
  },
  {
    method: 'GET',
    route: '/api/v1/students/:id/conversations/:kind/events',
    request: (ctx) => ({ url: `${student(ctx)}/conversations/staff/events` }),
    expect: staffConversation(200),
    stream: true,
  },
  {
    method: 'GET',
    route: '/api/v1/conversations/unread',
    request: () => ({ url: '/api/v1/conversations/unread' }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/v1/broadcasts',
    request: (ctx) => ({
      url: '/api/v1/broadcasts',
      body: { body: 'Closed Monday.', to: { kind: 'students', studentUUIDs: [ctx.ids.student] } },
    }),
    expect: adminOnly(201),
  },
  {
    method: 'GET',
    route: '/api/v1/students/:id/overview',
    request: (ctx) => ({ url: `${student(ctx)}/overview` }),
    expect: recordReaders(200),
  },
  {
    method: 'GET',
    route: '/api/v1/students/:id/tasks',
    request: (ctx) => ({ url: `${student(ctx)}/tasks` }),
    expect: recordReaders(200),
  },
  {
    method: 'POST',
    route: '/api/v1/students/:id/tasks',
    // Assigned to the student (the default): the student may add tasks for themself.
    request: (ctx) => ({ url: `${student(ctx)}/tasks`, body: { title: 'Practice test 5' } }),
    expect: recordWriters(201),
  },
  {
    method: 'PATCH',
    route: '/api/v1/students/:id/tasks/:taskId',
    // A task staff added: the student may tick it done but not rename it.
    request: async (ctx) => ({
      url: `${student(ctx)}/tasks/${await staffTask(ctx)}`,
      body: { title: 'Renamed' },
    }),
    expect: { ...recordWriters(200), student: 403 },
  },
  {
    method: 'DELETE',
    route: '/api/v1/students/:id/tasks/:taskId',
    request: async (ctx) => ({ url: `${student(ctx)}/tasks/${await staffTask(ctx)}` }),
    expect: { ...recordWriters(204), student: 403 },
  },
  {
    method: 'GET',
    route: '/api/v1/tasks/mine',
    request: () => ({ url: '/api/v1/tasks/mine?scope=students' }),
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/v1/students/:id/sessions',
    request: (ctx) => ({ url: `${student(ctx)}/sessions` }),
    expect: sessionReaders(200),
  },
  {
    method: 'POST',
    route: '/api/v1/students/:id/sessions',
    request: (ctx) => ({
      url: `${student(ctx)}/sessions`,
      body: {
        educatorUUID: ctx.ids.educator,
        service: 'tutoring',
        startsAt: freeSlot(),
        durationMinutes: 60,
        location: { kind: 'online', meetingUrl: 'https://meet.example.com/lesson' },
      },
    }),
    expect: familyManagers(201),
  },
  {
    method: 'PATCH',
    route: '/api/v1/students/:id/sessions/:sessionId',
    // Cancelling: the family may too; the FAO sees no sessions at all.
    request: async (ctx) => ({
      url: `${student(ctx)}/sessions/${await futureSession(ctx)}`,
      body: { status: 'cancelled' },
    }),
    expect: sessionReaders(200),
  },
  {
    method: 'PATCH',
    route: '/api/v1/students/:id/sessions/:sessionId',
    // Anything else: staff only.
    request: async (ctx) => ({
      url: `${student(ctx)}/sessions/${await futureSession(ctx)}`,
      body: { agenda: 'Reading comprehension' },
    }),
    expect: familyManagers(200),
  },
  {
    method: 'GET',
    route: '/api/v1/schedule',
    // The student's educator's week: theirs to read, and admins'.
    request: (ctx) => ({
      url: `/api/v1/schedule?educator=${ctx.ids.educator}&from=2028-01-03&to=2028-01-09`,
    }),
    expect: { ...adminOnly(200), educator: 200 },
  },
  {
    method: 'GET',
    route: '/api/v1/students/:id/packages',
    request: (ctx) => ({ url: `${student(ctx)}/packages` }),
    expect: hoursReaders(200),
  },
  {
    method: 'POST',
    route: '/api/v1/students/:id/packages',
    request: (ctx) => ({
      url: `${student(ctx)}/packages`,
      body: { name: 'Ten hours', service: 'any', hours: 10, purchasedOn: '2026-01-01' },
    }),
    expect: hoursManagers(201),
  },
  {
    method: 'GET',
    route: '/api/v1/students/:id/hours',
    request: (ctx) => ({ url: `${student(ctx)}/hours` }),
    expect: hoursReaders(200),
  },
  {
    method: 'POST',
    route: '/api/v1/students/:id/hours/adjustments',
    request: (ctx) => ({
      url: `${student(ctx)}/hours/adjustments`,
      body: { hours: -0.5, reason: 'Correction' },
    }),
    expect: hoursManagers(201),
  },
  {
    method: 'GET',
    route: '/api/v1/students/:id/hours.csv',
    request: (ctx) => ({ url: `${student(ctx)}/hours.csv` }),
    expect: hoursReaders(200),
  },
  {
    method: 'GET',
    route: '/api/v1/students/:id/colleges',
    request: (ctx) => ({ url: `${student(ctx)}/colleges` }),
    expect: recordReaders(200),
  },
  {
    method: 'POST',
    route: '/api/v1/students/:id/colleges',
    request: (ctx) => ({ url: `${student(ctx)}/colleges`, body: { name: 'Reed College', round: 'RD' } }),
    expect: recordWriters(201),
  },
  {
    method: 'PATCH',
    route: '/api/v1/students/:id/colleges/:entryId',
    request: async (ctx) => ({
      url: `${student(ctx)}/colleges/${await createCollege(ctx.t.db, ctx.ids.student)}`,
      body: { status: 'applying' },
    }),
    expect: recordWriters(200),
  },
  {
    method: 'DELETE',
    route: '/api/v1/students/:id/colleges/:entryId',
    request: async (ctx) => ({
      url: `${student(ctx)}/colleges/${await createCollege(ctx.t.db, ctx.ids.student)}`,
    }),
    expect: recordWriters(204),
  },
  {
    method: 'GET',
    route: '/api/v1/admin/settings',
    request: () => ({ url: '/api/v1/admin/settings' }),
    expect: adminOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/v1/admin/settings',
    request: () => ({ url: '/api/v1/admin/settings', body: { requireStaffTwoFactor: false } }),
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/v1/student-rules',
    request: () => ({ url: '/api/v1/student-rules' }),
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/v1/students/:id/profile',
    request: (ctx) => ({ url: `${student(ctx)}/profile` }),
    expect: recordReaders(200),
  },
  {
    method: 'PATCH',
    route: '/api/v1/students/:id/profile',
    request: (ctx) => ({ url: `${student(ctx)}/profile`, body: { school: `School ${++sequence}` } }),
    expect: recordWriters(200),
  },
  {
    method: 'GET',
    route: '/api/v1/users/me/sessions',
    request: () => ({ url: '/api/v1/users/me/sessions' }),
    expect: everyone(200),
  },
  {
    method: 'DELETE',
    route: '/api/v1/users/me/sessions',
    request: () => ({ url: '/api/v1/users/me/sessions' }),
    expect: everyone(200),
  },
  {
    method: 'DELETE',
    route: '/api/v1/users/me/sessions/:sessionId',
    // Someone else's session (the admin's own login is never the target): not found for everyone.
    request: async (ctx) => ({ url: `/api/v1/users/me/sessions/${await someonesSession(ctx)}` }),
    expect: everyone(404),
  },
  {
    method: 'GET',
    route: '/api/v1/users/me/export',
    request: () => ({ url: '/api/v1/users/me/export' }),
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/v1/students/:id/export',
    request: (ctx) => ({ url: `${student(ctx)}/export?format=html` }),
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/v1/users/me/calendar',
    request: () => ({ url: '/api/v1/users/me/calendar' }),
    expect: everyone(200),
  },
  {
    method: 'POST',
    route: '/api/v1/users/me/calendar',
    request: () => ({ url: '/api/v1/users/me/calendar', body: {} }),
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/v1/users/me/calendar/link',
    // Each caller turned their feed on in the row above; the link is their own.
    request: () => ({ url: '/api/v1/users/me/calendar/link' }),
    expect: everyone(200),
  },
  {
    method: 'DELETE',
    route: '/api/v1/users/me/calendar',
    request: () => ({ url: '/api/v1/users/me/calendar' }),
    expect: everyone(204),
  },
  {
    method: 'GET',
    route: '/api/v1/calendar/:file',
    // Public: the secret link is the credential; an unknown one is 404 for everyone.
    request: () => ({ url: `/api/v1/calendar/${'x'.repeat(43)}.ics` }),
    expect: { ...everyone(404), loggedOut: 404, needsOnboarding: 404 },
  },
  {
    method: 'GET',
    route: '/api/v1/educators/:id/students',
    request: (ctx) => ({ url: `/api/v1/educators/${ctx.ids.educator}/students` }),
    expect: { ...adminOnly(200), educator: 200 },
  },
  {
    method: 'GET',
    route: '/api/v1/screens/my-dashboard',
    request: () => ({ url: '/api/v1/screens/my-dashboard' }),
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/v1/screens/week',
    // Everyone gets their own blocks; what each holds is tested in week.test.ts.
    request: () => ({ url: '/api/v1/screens/week' }),
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/v1/screens/user-profile/:id',
    // The team's educator: seen by admins, themself, their fellow member and the team's student.
    request: (ctx) => ({ url: `/api/v1/screens/user-profile/${ctx.ids.educator}` }),
    expect: recordReaders(200),
  },
  {
    method: 'POST',
    route: '/api/v1/contact',
    // Public; each caller writes from its own address in the test, far below the limit.
    request: () => ({
      url: '/api/v1/contact',
      body: { name: 'A Parent', email: 'parent@example.test', service: 'essays', message: 'Hello.' },
    }),
    expect: { ...everyone(202), loggedOut: 202, needsOnboarding: 202 },
  },
  {
    method: 'GET',
    route: '/api/v1/inquiries',
    request: () => ({ url: '/api/v1/inquiries' }),
    expect: adminOnly(200),
  },
  {
    method: 'PATCH',
    route: '/api/v1/inquiries/:id',
    request: () => ({ url: `/api/v1/inquiries/${NO_SUCH}`, body: { handled: true } }),
    expect: adminOnly(404),
  },
  {
    method: 'GET',
    route: '/api/v1/users',
    request: () => ({ url: '/api/v1/users?q=a&role=student&limit=5' }),
    expect: adminOnly(200),
  },
  {
    method: 'PATCH',
    route: '/api/v1/users/:id',
    request: (ctx) => ({ url: `/api/v1/users/${ctx.ids.outsider}`, body: { fao: true } }),
    expect: adminOnly(200),
  },
  {
    method: 'PATCH',
    route: '/api/v1/users/me',
    request: () => ({ url: '/api/v1/users/me', body: { name: 'Still Me' } }),
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/v1/user-invites',
    request: () => ({ url: '/api/v1/user-invites' }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/v1/user-invites/:id/resend',
    request: async (ctx) => ({ url: `/api/v1/user-invites/${(await createInvite(ctx.t.db)).id}/resend` }),
    expect: adminOnly(200),
  },
  {
    method: 'PATCH',
    route: '/api/v1/students/:id',
    request: async (ctx) => ({
      url: `/api/v1/students/${(await createUser(ctx.t.db, { roles: ['student'] })).id}`,
      body: { archived: true },
    }),
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/v1/audit-events',
    request: (ctx) => ({ url: `/api/v1/audit-events?actorId=${ctx.ids.admin}&limit=10` }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/v1/user-invites/import/preview',
    request: () => ({
      url: '/api/v1/user-invites/import/preview',
      body: { csv: 'name,email,roles\nPat Preview,pat.preview@example.test,student\n' },
    }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/v1/user-invites/import',
    request: () => ({
      url: '/api/v1/user-invites/import',
      body: { csv: 'name,email,roles\nIan Import,ian.import@example.test,student\n' },
    }),
    expect: adminOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/v1/users/:id',
    // A fresh person each time: only an admin gets through, and deletes them.
    request: async (ctx) => {
      const person = await createUser(ctx.t.db, { roles: ['educator'] })
      return { url: `/api/v1/users/${person.id}`, body: { confirmEmail: person.email } }
    },
    expect: adminOnly(204),
  },
  {
    method: 'PATCH',
    route: '/api/v1/users/:id/email',
    request: (ctx) => ({
      url: `/api/v1/users/${ctx.ids.outsider}/email`,
      body: { email: `outsider-${++sequence}@example.test` },
    }),
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/v1/users/export.csv',
    request: () => ({ url: '/api/v1/users/export.csv' }),
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/v1/students/export.csv',
    request: () => ({ url: '/api/v1/students/export.csv' }),
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/v1/screens/admin',
    request: () => ({ url: '/api/v1/screens/admin' }),
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/v1/screens/admin/students',
    request: () => ({ url: '/api/v1/screens/admin/students' }),
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/v1/screens/admin/students',
    // One page of a tab: the same gate as the whole screen.
    request: () => ({ url: '/api/v1/screens/admin/students?tab=archived&q=a&limit=5' }),
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/v1/screens/admin/users',
    request: () => ({ url: '/api/v1/screens/admin/users' }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/v1/users/:id/onboard',
    request: (ctx) => ({
      url: `/api/v1/users/${ctx.ids.needsOnboarding}/onboard`,
      body: { name: 'Someone Else', bio: 'Coaches essays.' },
    }),
    // Last: it changes the caller. Only the user themself: everyone else is refused, admins included.
    expect: { ...adminOnly(403), needsOnboarding: 200 },
  },
]

let t: TestApp
const cookies = {} as Record<Caller, string | undefined>
const ctx = { ids: {} } as Context

beforeAll(async () => {
  t = await createTestApp()
  ctx.t = t
  const specs = {
    needsOnboarding: { roles: ['educator'], onboarded: false },
    student: { roles: ['student'] },
    otherStudent: { roles: ['student'] },
    educator: { roles: ['educator'] },
    fao: { roles: ['fao'] },
    otherEducator: { roles: ['educator'] },
    guardian: { roles: ['guardian'] },
    otherGuardian: { roles: ['guardian'] },
    admin: { roles: ['admin'] },
  } as const
  for (const [caller, spec] of Object.entries(specs)) {
    const user = await t.userWith({ ...spec, roles: [...spec.roles] })
    cookies[caller as Caller] = user.cookie
    ctx.ids[caller as Exclude<Caller, 'loggedOut'>] = user.id
  }
  ctx.ids.outsider = (await createUser(t.db, { roles: ['educator'] })).id
  await addToTeam(t.db, ctx.ids.student, ctx.ids.educator)
  await addToTeam(t.db, ctx.ids.student, ctx.ids.fao)
  await addToTeam(t.db, ctx.ids.otherStudent, ctx.ids.otherEducator)
  await addGuardian(t.db, ctx.ids.student, ctx.ids.guardian)
  await addGuardian(t.db, ctx.ids.otherStudent, ctx.ids.otherGuardian)
})
afterAll(() => t.close())

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  let text = ''
  for await (const chunk of stream) text += chunk.toString()
  return text
}

describe.each(ROUTES)('$method $route', (route) => {
  it.each(CALLERS)('answers %s as the permissions table says', async (caller) => {
    const { url, body, payload, headers } = await route.request(ctx)
    const response = await t.request({
      method: route.method,
      url,
      cookie: cookies[caller],
      ...(body !== undefined ? { payload: body as object } : {}),
      ...(payload !== undefined ? { payload, headers } : {}),
      ...(route.stream ? { payloadAsStream: true } : {}),
    })
    if (route.stream) {
      // An open stream is left to the app's close; a refusal is read as any other answer.
      if (response.statusCode === 200) return expect(route.expect[caller]).toBe(200)
      const text = await streamText(response.stream())
      expect(response.statusCode, text).toBe(route.expect[caller])
      expect(response.headers['content-type']).toContain('application/problem+json')
      return
    }
    expect(response.statusCode, response.body).toBe(route.expect[caller])
    if (response.statusCode >= 400) {
      expect(response.headers['content-type']).toContain('application/problem+json')
    }
    if (caller === 'needsOnboarding' && response.statusCode === 403) {
      expect(response.json().code).toBe('onboarding-required')
    }
  })
})

it('covers every /api/v1 route of the OpenAPI document', async () => {
  const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>
  }
  const served = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => method !== 'head')
        .map((method) => `${method.toUpperCase()} ${path}`),
    )
  expect(served.length).toBeGreaterThan(50)
  // The table speaks Fastify (`:id`); the document speaks OpenAPI (`{id}`).
  const covered = new Set(ROUTES.map((r) => `${r.method} ${r.route.replace(/:(\w+)/g, '{$1}')}`))
  expect(served.filter((route) => !covered.has(route))).toEqual([])
})

/**
 * People who may no longer read a record see nothing of it through any route that shows a task, a
 * feed or an export: an educator removed from the team, a staff member who lost every staff role,
 * and an educator who once linked themself as the student's guardian (the old immediate link) and
 * was then removed from the team. Each had a task of the student assigned to them and a calendar
 * feed turned on while they could read the record; the task was changed after they left.
 */
describe('people who may no longer read a record', () => {
  const LEAVERS = ['removedEducator', 'formerStaff', 'selfLinkedEducator'] as const
  type Leaver = (typeof LEAVERS)[number]
  const leavers = {} as Record<Leaver, { id: string; cookie: string; feed: string }>
  let studentId = ''
  const secret = 'Appeal: new aid figures'

  beforeAll(async () => {
    const admin = await t.userWith({ roles: ['admin'] })
    const leaving = await t.userWith({ roles: ['student'], name: 'Lee Leaving' })
    studentId = leaving.id
    await createCollege(t.db, studentId, { name: 'Colby College', round: 'ED', deadline: '2026-11-15' })
    const tasks: string[] = []
    for (const leaver of LEAVERS) {
      const person = await t.userWith({ roles: ['educator'] })
      await addToTeam(t.db, studentId, person.id)
      tasks.push(
        await createTask(t.db, studentId, {
          createdById: person.id,
          assigneeId: person.id,
          title: 'Call family about aid appeal',
          dueDate: '2026-12-01',
        }),
      )
      const turnedOn = await t.request({
        method: 'POST',
        url: '/api/v1/users/me/calendar',
        cookie: person.cookie,
        payload: {},
      })
      leavers[leaver] = { id: person.id, cookie: person.cookie, feed: new URL(turnedOn.json().url).pathname }
    }
    const asAdmin = (method: 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.request({ method, url, cookie: admin.cookie, ...(payload ? { payload } : {}) })
    // Linked the old way: at once, by themself, without anyone accepting.
    await t.db.execute(sql`insert into guardian_profiles (user_id) values (${leavers.selfLinkedEducator.id})`)
    await t.db.execute(sql`insert into guardian_links (guardian_id, student_id, relationship, created_by_id, accepted_at)
      values (${leavers.selfLinkedEducator.id}, ${studentId}, 'parent', ${leavers.selfLinkedEducator.id}, null)`)
    for (const leaver of ['removedEducator', 'selfLinkedEducator'] as const) {
      const url = `/api/v1/students/${studentId}/team-members/${leavers[leaver].id}`
      expect((await asAdmin('DELETE', url)).statusCode).toBe(204)
    }
    const demoted = await asAdmin('PATCH', `/api/v1/users/${leavers.formerStaff.id}`, { educator: false })
    expect(demoted.statusCode).toBe(200)
    for (const task of tasks) {
      const url = `/api/v1/students/${studentId}/tasks/${task}`
      expect((await asAdmin('PATCH', url, { title: secret })).statusCode).toBe(200)
    }
  })

  /** What each route answers a leaver: a status, and nothing of the student in the body. */
  const SEES_NOTHING: Array<{ name: string; url: (leaver: Leaver) => string; status: number }> = [
    { name: 'GET /api/v1/students/:id', url: () => `/api/v1/students/${studentId}`, status: 404 },
    { name: 'GET /api/v1/students/:id/tasks', url: () => `/api/v1/students/${studentId}/tasks`, status: 404 },
    { name: 'GET /api/v1/students/:id/hours', url: () => `/api/v1/students/${studentId}/hours`, status: 404 },
    {
      name: 'GET /api/v1/tasks/mine (assigned)',
      url: () => '/api/v1/tasks/mine?scope=assigned',
      status: 200,
    },
    {
      name: 'GET /api/v1/tasks/mine (students)',
      url: () => '/api/v1/tasks/mine?scope=students',
      status: 200,
    },
    { name: 'GET /api/v1/calendar/:file', url: (leaver) => leavers[leaver].feed, status: 200 },
    { name: 'GET /api/v1/users/me/export', url: () => '/api/v1/users/me/export', status: 200 },
    {
      name: 'GET /api/v1/students/:id/export',
      url: () => `/api/v1/students/${studentId}/export`,
      status: 403,
    },
  ]

  describe.each(SEES_NOTHING)('$name', (route) => {
    it.each(LEAVERS)('shows %s nothing of the record', async (leaver) => {
      const response = await t.request({
        method: 'GET',
        url: route.url(leaver),
        cookie: leavers[leaver].cookie,
      })
      expect(response.statusCode, response.body).toBe(route.status)
      for (const trace of [secret, 'Call family about aid appeal', 'Colby College', 'Lee Leaving']) {
        expect(response.body).not.toContain(trace)
      }
    })
  })
})

/**
 * An educator who linked themself as the student's guardian at once (before links needed
 * acceptance) and was then taken off the team: on every route they get what a stranger
 * (`otherEducator`) gets.
 */
describe('a self-linked educator, off the team', () => {
  let selfLinked: string
  beforeAll(async () => {
    const user = await t.userWith({ roles: ['educator'] })
    selfLinked = user.cookie
    await t.db.execute(sql`insert into guardian_profiles (user_id) values (${user.id})`)
    await t.db.execute(sql`insert into guardian_links (guardian_id, student_id, relationship, created_by_id, accepted_at)
      values (${user.id}, ${ctx.ids.student}, 'Father', ${user.id}, null)`)
  })

  it.each(ROUTES)('answers $method $route as for otherEducator', async (route) => {
    const { url, body, payload, headers } = await route.request(ctx)
    const response = await t.request({
      method: route.method,
      url,
      cookie: selfLinked,
      ...(body !== undefined ? { payload: body as object } : {}),
      ...(payload !== undefined ? { payload, headers } : {}),
    })
    expect(response.statusCode, response.body).toBe(route.expect.otherEducator)
  })
})
