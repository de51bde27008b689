import { notInArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { actScores, satScores, teamMembers, users } from '../db/schema'
import { insertDocument } from '../db/seed/documents'
import { insertGuardianLink, insertNote } from '../db/seed/families'
import { insertUser, type SeededUser, type UserSeed } from '../db/seed/users'

/**
 * `npm run start:demo`: demo people and records (README, Demo data). Safe to re-run; refuses on
 * a database with real users and in production.
 */
export const DEMO_DOMAIN = '@example.com'
export const DEMO_PASSWORD = 'crestline-demo-2026'

const PEOPLE: Array<Omit<UserSeed, 'password'> & { key: string }> = [
  { key: 'admin', name: 'Alex Rivera', email: `admin${DEMO_DOMAIN}`, roles: ['admin'] },
  {
    key: 'priya',
    name: 'Priya Raman',
    email: `priya.raman${DEMO_DOMAIN}`,
    roles: ['educator'],
    bio: 'SAT and ACT math tutor; former high-school math teacher with eleven years in the classroom.',
  },
  {
    key: 'daniel',
    name: 'Daniel Okafor',
    email: `daniel.okafor${DEMO_DOMAIN}`,
    roles: ['educator'],
    bio: 'Essay coach. Helps students find the story only they can tell, in drafts they still recognize as their own.',
  },
  { key: 'fao', name: 'Grace Liu', email: `grace.liu${DEMO_DOMAIN}`, roles: ['fao'] },
  { key: 'maya', name: 'Maya Chen', email: `maya.chen${DEMO_DOMAIN}`, roles: ['student'] },
  { key: 'jordan', name: 'Jordan Brooks', email: `jordan.brooks${DEMO_DOMAIN}`, roles: ['student'] },
  { key: 'sofia', name: 'Sofia Martinez', email: `sofia.martinez${DEMO_DOMAIN}`, roles: ['student'] },
  { key: 'ethan', name: 'Ethan Park', email: `ethan.park${DEMO_DOMAIN}`, roles: ['student'] },
  // Maya's mother: reads Maya's record as Maya does, with the shared session notes only.
  { key: 'laura', name: 'Laura Chen', email: `laura.chen${DEMO_DOMAIN}`, roles: ['guardian'] },
]

export class DemoRefusedError extends Error {}

const OWN_DATA_DIR =
  'Demo data needs a database of its own: give it another DATA_DIR, for example ' +
  '`DATA_DIR=./data-demo npm run start:demo` (and no DATABASE_URL).'

export async function seedDemo(
  db: Db,
  nodeEnv: string,
): Promise<Array<{ name: string; email: string; roles: string }>> {
  if (nodeEnv === 'production' && process.env.CRESTLINE_DEMO_FORCE !== '1') {
    throw new DemoRefusedError('Refusing to load demo data with NODE_ENV=production.')
  }
  const demoEmails = PEOPLE.map((p) => p.email)
  // Anyone who is not one of the demo people is a real user, whatever their address.
  const [real] = await db
    .select({ email: users.email })
    .from(users)
    .where(notInArray(users.email, demoEmails))
    .limit(1)
  if (real)
    throw new DemoRefusedError(
      `Refusing to load demo data: this database has real users (${real.email}). ${OWN_DATA_DIR}`,
    )
  const logins = PEOPLE.map((p) => ({ name: p.name, email: p.email, roles: p.roles.join(', ') }))
  const present = await db.select({ email: users.email }).from(users)
  if (present.length === PEOPLE.length) return logins // already seeded
  if (present.length > 0) {
    throw new DemoRefusedError(
      `Refusing to load demo data: some demo people exist but not all. ${OWN_DATA_DIR}`,
    )
  }

  await db.transaction(async (tx) => {
    const made = {} as Record<string, SeededUser>
    for (const { key, ...spec } of PEOPLE)
      made[key] = await insertUser(tx, { ...spec, password: DEMO_PASSWORD })
    const team = (student: string, ...members: string[]) =>
      tx
        .insert(teamMembers)
        .values(members.map((m) => ({ studentId: made[student]!.id, memberId: made[m]!.id })))
    await team('maya', 'priya', 'daniel', 'fao')
    await team('jordan', 'priya')
    await team('sofia', 'daniel', 'fao')
    await team('ethan', 'priya', 'daniel')
    // Every entry names who added it, as entries made in the product do.
    const by = (key: string) => made[key]!.id
    await tx.insert(satScores).values([
      {
        studentId: by('maya'),
        date: '2025-08-23',
        english: 610,
        math: 640,
        source: 'diagnostic',
        note: 'Full-length diagnostic at the first session',
        createdById: by('priya'),
      },
      { studentId: by('maya'), date: '2025-10-04', english: 650, math: 690, createdById: by('priya') },
      { studentId: by('maya'), date: '2026-03-14', english: 700, math: 720, createdById: by('maya') },
      { studentId: by('ethan'), date: '2026-05-02', english: 560, math: 600, createdById: by('priya') },
    ])
    await tx.insert(actScores).values([
      {
        studentId: by('jordan'),
        date: '2025-06-14',
        english: 24,
        math: 26,
        reading: 25,
        science: 23,
        createdById: by('priya'),
      },
      {
        studentId: by('jordan'),
        date: '2025-10-25',
        english: 27,
        math: 28,
        reading: 26,
        science: 25,
        createdById: by('priya'),
      },
      {
        studentId: by('sofia'),
        date: '2026-02-07',
        english: 31,
        math: 27,
        reading: 32,
        science: 29,
        createdById: by('sofia'),
      },
    ])
    const doc = (student: string, creator: string, name: string, path: string, flags = {}) =>
      insertDocument(tx, made[student]!.id, {
        creatorId: made[creator]!.id,
        name,
        url: `https://docs.example.com/${path}`,
        ...flags,
      })
    await doc('maya', 'priya', 'Study plan: spring SAT', 'maya/study-plan', { pinned: true })
    await doc('maya', 'priya', 'Diagnostic SAT report, August 2025', 'maya/diagnostic')
    await doc('maya', 'maya', 'Common App essay draft 2', 'maya/essay-draft-2')
    await doc('maya', 'priya', 'Tutor notes: pacing on Math module 2', 'maya/tutor-notes', { hidden: true })
    await doc('jordan', 'priya', 'ACT science passage drills', 'jordan/science-drills', { pinned: true })
    await doc('sofia', 'daniel', 'Personal statement outline', 'sofia/outline')
    await doc('sofia', 'admin', 'Financial aid checklist: CSS Profile and FAFSA', 'sofia/aid-checklist')
    await doc('ethan', 'daniel', 'College list, first draft', 'ethan/college-list')
    await insertGuardianLink(tx, made.maya!.id, made.laura!.id, 'Mother')
    const note = (
      student: string,
      author: string,
      date: string,
      visibility: 'shared' | 'internal',
      durationMinutes: number | null,
      body: string,
    ) =>
      insertNote(tx, made[student]!.id, {
        authorId: made[author]!.id,
        date,
        visibility,
        durationMinutes,
        body,
      })
    await note(
      'maya',
      'priya',
      '2026-03-02',
      'shared',
      60,
      'Reviewed the February practice test. **Math module 2** is where the time goes: Maya finished with 4 questions unanswered.\n\nFor next week:\n\n- Two timed module-2 sets (35 minutes each)\n- Skip and return on any question over 90 seconds\n- Redo the missed linear-equation questions from the [question bank](https://satsuite.collegeboard.org/)',
    )
    await note(
      'maya',
      'priya',
      '2026-03-02',
      'internal',
      null,
      'Maya seemed anxious about the March date. Consider suggesting the June sitting instead if the next practice score stays under 1380; talk to Daniel first.',
    )
    await note(
      'maya',
      'daniel',
      '2026-03-09',
      'shared',
      45,
      'Essay session: we cut the opening anecdote and started with the robotics-club failure instead. Draft 3 is due **Friday**; keep it under 650 words.',
    )
    await note(
      'jordan',
      'priya',
      '2025-11-01',
      'internal',
      50,
      'Science passages: reads every graph twice. Work on reading the question first.',
    )
  })
  return logins
}
