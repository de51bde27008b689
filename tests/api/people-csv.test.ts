import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents, userInvites } from '../../src/server/db/schema'
import { RECORD_CAPS } from '../../src/shared/record-caps'
import { createActScore, createInvite, createSatScore, createUser } from '../factories'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { createTestApp, type SignedIn, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

let t: TestApp
let sink: SmtpSink
let admin: SignedIn
beforeAll(async () => {
  sink = await startSmtpSink()
  t = await createTestApp({ SMTP_URL: sink.url })
  admin = await t.userWith({ roles: ['admin'] })
})
afterAll(async () => {
  await t.close()
  await sink.close()
})

const post = (url: string, csv: string) =>
  t.request({ method: 'POST', url, cookie: admin.cookie, payload: { csv } })
const preview = (csv: string) => post('/api/v1/user-invites/import/preview', csv)
const send = (csv: string) => post('/api/v1/user-invites/import', csv)
const download = (url: string) => t.request({ method: 'GET', url, cookie: admin.cookie })

describe('bulk invites from a CSV file', () => {
  it('previews 200 rows with 5 bad ones, sends 195 invites, and sends none for the same file again', async () => {
    const lines = ['\uFEFFName,Email,Roles']
    for (let i = 1; i <= 200; i++)
      lines.push(`Person ${i},bulk${i}@example.test,${i % 2 ? 'student' : 'educator;fao'}`)
    // Five bad rows (a file row is its index + 2: the header is row 1).
    lines[10] = 'Person 10,not-an-email,student'
    lines[20] = ',bulk20@example.test,student'
    lines[30] = 'Person 30,bulk30@example.test,teacher'
    lines[40] = `${'A'.repeat(101)},bulk40@example.test,student`
    lines[50] = 'Person 50,bulk1@example.test,student'
    const csv = `${lines.join('\r\n')}\r\n`

    const first = await preview(csv)
    expect(first.statusCode).toBe(200)
    const { rows, counts } = first.json()
    expect(counts).toEqual({ new: 195, invited: 0, user: 0, error: 5 })
    expect(rows).toHaveLength(200)
    const problemsOf = (row: number) => rows.find((r: { row: number }) => r.row === row).problems
    expect(problemsOf(11)).toEqual([{ column: 'email', message: 'Please provide a valid email address.' }])
    expect(problemsOf(21)).toEqual([{ column: 'name', message: 'This field is required.' }])
    expect(problemsOf(31)).toEqual([
      { column: 'roles', message: 'Unknown role "teacher": use admin, educator, fao, student, guardian.' },
    ])
    expect(problemsOf(41)).toEqual([{ column: 'name', message: 'Use at most 100 characters.' }])
    expect(problemsOf(51)).toEqual([{ column: 'email', message: 'This email is already on row 2.' }])
    expect(rows[1]).toMatchObject({
      row: 3,
      email: 'bulk2@example.test',
      roles: ['educator', 'fao'],
      status: 'new',
    })
    // A preview writes nothing.
    expect(await t.db.select().from(userInvites).where(eq(userInvites.email, 'bulk2@example.test'))).toEqual(
      [],
    )

    const sent = await send(csv)
    expect(sent.statusCode).toBe(200)
    expect(sent.json()).toEqual({ invited: 195, skipped: 0, errors: 5, mailFailed: 0, outbox: false })
    const mail = await sink.waitFor('bulk200@example.test')
    expect(mail.text).toContain('Hello Person 200,')
    expect(mail.text).toContain(`${TEST_ORIGIN}/login?invite=`)
    const bulkMail = () => sink.messages.filter((m) => m.to.some((to) => to.startsWith('bulk')))
    await expect.poll(() => bulkMail().length, { timeout: 10_000 }).toBe(195)
    const audits = await t.db.select().from(auditEvents).where(eq(auditEvents.actorId, admin.id))
    expect(audits.filter((event) => event.action === 'invite.created')).toHaveLength(195)

    const again = await preview(csv)
    expect(again.json().counts).toEqual({ new: 0, invited: 195, user: 0, error: 5 })
    const resent = await send(csv)
    expect(resent.json()).toEqual({ invited: 0, skipped: 195, errors: 5, mailFailed: 0, outbox: false })
    await sink.idle()
    expect(bulkMail()).toHaveLength(195)
  })

  it('names rows as a spreadsheet numbers them: blank lines, lines of commas and multi-line cells count as theirs', async () => {
    const csv = [
      'name,email,roles',
      'Ann Row,row-a@example.test,student',
      '',
      ',,',
      '"Bo\nRow",not-an-email,student',
      'Cy Row,row-c@example.test,teacher',
      '',
    ].join('\n')
    const { rows } = (await preview(csv)).json()
    expect(
      rows.map((r: { row: number; problems: { column: string }[] }) => [
        r.row,
        r.problems.map((p) => p.column),
      ]),
    ).toEqual([
      [2, []],
      [5, ['email']],
      [6, ['roles']],
    ])
  })

  it('marks people who already have an account or an available invite, and re-invites after expiry', async () => {
    const user = await createUser(t.db, { roles: ['student'], email: 'has.account@example.test' })
    await createInvite(t.db, { email: 'has.invite@example.test', roles: ['student'] })
    await createInvite(t.db, {
      email: 'expired.invite@example.test',
      expiresAt: new Date(Date.now() - 1000),
    })
    const csv = [
      'email,roles,name,notes',
      `${user.email.toUpperCase()},student,Has Account,ignored column`,
      'has.invite@example.test,Student,Has Invite,',
      'expired.invite@example.test,FAO,Expired Invite,',
    ].join('\n')
    const { rows } = (await preview(csv)).json()
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['user', 'invited', 'new'])
    expect(rows[2].roles).toEqual(['fao'])
  })

  it('answers 400 naming the csv field for a missing column, a broken file or an empty one', async () => {
    const missing = await preview('name,email\nAda,ada@example.test\n')
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toEqual([
      { path: 'csv', message: 'The first row must name the columns name, email, roles; missing: roles.' },
    ])
    const broken = await send('name,email,roles\n"Ada,ada@example.test,student\n')
    expect(broken.statusCode).toBe(400)
    expect(broken.json().errors[0].path).toBe('csv')
    const headerOnly = await send('name,email,roles\n')
    expect(headerOnly.statusCode).toBe(400)
    const empty = await send('')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors).toEqual([{ path: 'csv', message: 'This field is required.' }])
  })
})

describe('CSV exports', () => {
  it('exports users with a BOM, escaping cells a spreadsheet would run as formulas', async () => {
    await createUser(t.db, { roles: ['educator', 'fao'], name: '=HYPERLINK("http://evil.example")' })
    await createUser(t.db, { roles: ['student'], name: '@Sum', email: 'plus+tag@example.test' })
    const response = await download('/api/v1/users/export.csv')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="crestline-users-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(response.body.startsWith('\uFEFFname,email,roles,status,created\r\n')).toBe(true)
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`)
    expect(response.body).toContain("'@Sum,plus+tag@example.test,student,active,")
    expect(response.body).toMatch(/,educator;fao,active,/)
    // The export goes back in as people who exist already.
    const again = (await preview(response.body)).json()
    expect(again.counts.user).toBe(again.rows.length)
  })

  it('exports students with their newest and best SAT and ACT', async () => {
    const student = await createUser(t.db, { roles: ['student'], name: 'Zed Superscore' })
    await createSatScore(t.db, student.id, { date: '2025-03-08', english: 700, math: 600 })
    await createSatScore(t.db, student.id, { date: '2025-06-07', english: 650, math: 720 })
    await createActScore(t.db, student.id, {
      date: '2025-10-25',
      english: 30,
      math: 28,
      reading: 31,
      science: 20,
    })
    await createUser(t.db, { roles: ['student'], name: 'Zoe No Scores' })
    const response = await download('/api/v1/students/export.csv')
    expect(response.statusCode).toBe(200)
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe(
      'name,email,status,latest SAT date,latest SAT english,latest SAT math,latest SAT total,best SAT english,best SAT math,best SAT total,latest ACT date,latest ACT english,latest ACT math,latest ACT reading,latest ACT science,latest ACT composite,best ACT english,best ACT math,best ACT reading,best ACT science,best ACT composite',
    )
    const zed = lines.find((line) => line.startsWith('Zed Superscore'))
    expect(zed).toBe(
      `Zed Superscore,${student.email},active,2025-06-07,650,720,1370,700,720,1420,2025-10-25,30,28,31,20,30,30,28,31,20,30`,
    )
    expect(lines.find((line) => line.startsWith('Zoe No Scores'))).toMatch(/,active(,){18}$/)
  })
})

describe('guardian rows', () => {
  it('a guardian row names its student; the invite links the family on sign-up; bad guardian rows name the cell', async () => {
    const student = await createUser(t.db, { roles: ['student'], name: 'Rosa Roster' })
    const csv = [
      'name,email,roles,guardian of,relationship',
      `Gus Guardian,gus.csv@example.test,guardian,${student.email.toUpperCase()},Father`,
      `Gina Guardian,gina.csv@example.test,guardian,${student.email},`,
      'No Student,nostudent.csv@example.test,guardian,',
      'Wrong Child,wrong.csv@example.test,guardian,nobody@example.test,Mother',
      `Not Guardian,notguardian.csv@example.test,student,${student.email},`,
      `Both Roles,both.csv@example.test,student;guardian,${student.email},Sister`,
    ].join('\n')
    const { rows, counts } = (await preview(csv)).json()
    expect(counts).toEqual({ new: 2, invited: 0, user: 0, error: 4 })
    expect(rows[0]).toMatchObject({ roles: ['guardian'], guardianOf: student.email, relationship: 'Father' })
    expect(rows[1]).toMatchObject({ relationship: 'Parent' })
    expect(rows[2].problems).toEqual([
      { column: 'guardian of', message: 'Give the email of the student this guardian follows.' },
    ])
    expect(rows[3].problems).toEqual([{ column: 'guardian of', message: 'No student has this email.' }])
    expect(rows[4].problems[0].column).toBe('guardian of')
    // A student is nobody's guardian, so one row cannot be both.
    expect(rows[5].problems).toEqual([
      {
        column: 'roles',
        message: 'A student is nobody’s guardian: give the parent a row (and an email) of their own.',
      },
    ])

    expect((await send(csv)).json()).toMatchObject({ invited: 2, errors: 4 })
    const [invite] = await t.db
      .select()
      .from(userInvites)
      .where(eq(userInvites.email, 'gus.csv@example.test'))
    expect(invite).toMatchObject({ guardianStudentId: student.id, guardianRelationship: 'Father' })
    expect((await sink.waitFor('gus.csv@example.test')).text).toMatch(/as Rosa Roster's father/)
  })
})

describe('guardian rows and the family cap', () => {
  it('refuses an import that would take a family past its guardian cap with 409, inviting no one', async () => {
    const student = await createUser(t.db, { roles: ['student'] })
    const expiresAt = new Date(Date.now() + 86_400_000)
    await t.db.insert(userInvites).values(
      Array.from({ length: RECORD_CAPS.guardians - 1 }, (_, i) => ({
        email: `held-${i}-${student.id}@example.test`,
        guardianStudentId: student.id,
        guardianRelationship: 'Parent',
        expiresAt,
      })),
    )
    const csv = [
      'name,email,roles,guardian of,relationship',
      `One More,one-more-${student.id}@example.test,guardian,${student.email},Aunt`,
      `Two More,two-more-${student.id}@example.test,guardian,${student.email},Uncle`,
    ].join('\n')
    const refused = await send(csv)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('too-many-guardians')
    const stored = await t.db.select().from(userInvites).where(eq(userInvites.guardianStudentId, student.id))
    expect(stored).toHaveLength(RECORD_CAPS.guardians - 1)
  })
})
