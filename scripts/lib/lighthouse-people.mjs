import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)
const PASSWORD = 'a long enough password for lighthouse'

/**
 * The admin's invite from the CLI, made before the server opens the database (as the e2e global
 * setup does). Returns the invite's uuid.
 */
export async function cliAdminInvite(env, email) {
  const { stdout } = await run('npm', ['run', '-s', 'invite', '--', '--admin', '--email', email], { env })
  const link = stdout.trim().split('\n').at(-1) ?? ''
  const invite = new URL(link, 'http://x').searchParams.get('invite')
  if (!invite) throw new Error(`The invite CLI printed no link:\n${stdout}`)
  return invite
}

/** A tiny API client that keeps one person's cookies. */
function client(origin) {
  const jar = new Map()
  async function call(method, path, body) {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        origin,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair.indexOf('=')
      jar.set(pair.slice(0, at), pair.slice(at + 1))
    }
    const text = await response.text()
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`)
    return text ? JSON.parse(text) : null
  }
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body ?? {}),
    put: (path, body) => call('PUT', path, body ?? {}),
    cookie: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
  }
}

/** Signs up with an invite and onboards, as the invitee would; returns the signed-in client. */
async function signUp(origin, invite, email, name, bio) {
  const api = client(origin)
  await api.post('/api/auth/sign-up/email', { email, password: PASSWORD, name: '', invite })
  const { uuid } = await api.get('/api/v1/users/me')
  await api.post(`/api/v1/users/${uuid}/onboard`, bio ? { name, bio } : { name })
  return { api, uuid }
}

const roles = { admin: false, educator: false, fao: false, student: false }

/**
 * The people the workspace pages are measured as, made through the real API: the admin (from the
 * CLI invite), a student with 16 scores and 6 documents, an educator on the team of that student
 * and two more, an FAO on the team, and a guardian of the student. Returns each role's session
 * cookie and the student's uuid.
 */
export async function makePeople(origin, adminInvite, adminEmail) {
  const stamp = Date.now().toString(36)
  const emailOf = (who) => `${who}.${stamp}@crestline.test`
  const admin = await signUp(origin, adminInvite, adminEmail, 'Avery Admin')
  const person = async (role, name, who) => {
    const email = emailOf(who)
    const { uuid: invite } = await admin.api.post('/api/v1/user-invites', { ...roles, [role]: true, email })
    return signUp(
      origin,
      invite,
      email,
      name,
      role === 'educator' ? `${name} coaches SAT and ACT math.` : undefined,
    )
  }
  const student = await person('student', 'Rowan Alvarez', 'student')
  const others = [
    await person('student', 'Maya Chen', 'student2'),
    await person('student', 'Theo Park', 'student3'),
  ]
  const educator = await person('educator', 'Nadia Brooks', 'educator')
  const fao = await person('fao', 'Omar Haddad', 'fao')
  for (const record of [student, ...others]) {
    await admin.api.put(`/api/v1/students/${record.uuid}/team-members/${educator.uuid}`)
  }
  await admin.api.put(`/api/v1/students/${student.uuid}/team-members/${fao.uuid}`)

  const records = `/api/v1/students/${student.uuid}`
  for (let i = 0; i < 8; i++) {
    const month = String(1 + i).padStart(2, '0')
    await admin.api.post(`${records}/sat-scores`, {
      date: `2025-${month}-0${1 + (i % 8)}`,
      english: 560 + i * 20,
      math: 580 + i * 20,
    })
    await admin.api.post(`${records}/act-scores`, {
      date: `2025-${month}-1${i % 9}`,
      english: 24 + (i % 8),
      math: 23 + (i % 8),
      reading: 25 + (i % 8),
      science: 22 + (i % 8),
    })
  }
  for (let i = 1; i <= 6; i++) {
    await admin.api.post(`${records}/documents`, {
      name: `Essay draft ${i}`,
      url: `https://docs.example.com/rowan-essay-${i}`,
    })
  }
  const staffNote = { date: '2025-11-10', visibility: 'shared', durationMinutes: 60 }
  await educator.api.post(`${records}/notes`, {
    ...staffNote,
    body: 'Went through the October SAT. **Math module 2** ran out of time.\n\n- Two timed module-2 sets\n- Skip and come back',
  })
  const { invite } = await educator.api.post(`${records}/guardian-invites`, {
    email: emailOf('guardian'),
    relationship: 'Mother',
  })
  const guardian = await signUp(origin, invite.uuid, emailOf('guardian'), 'Carmen Alvarez')

  return {
    studentUuid: student.uuid,
    cookies: {
      admin: admin.api.cookie(),
      student: student.api.cookie(),
      educator: educator.api.cookie(),
      fao: fao.api.cookie(),
      guardian: guardian.api.cookie(),
    },
  }
}
