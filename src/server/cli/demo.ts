import { inArray, notInArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { teamMembers, users } from '../db/schema'
import { insertUser, type UserSeed } from '../db/seed/users'
import { type DemoFiles, type DemoPeople, seedDemoRecords } from './demo-records'

/**
 * `npm run start:demo`: demo people and records (README, Try it). Safe to re-run; refuses on
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
  files: DemoFiles,
): Promise<Array<{ name: string; email: string; roles: string }>> {
  if (nodeEnv === 'production' && process.env.CRESTLINE_DEMO_FORCE !== '1') {
    throw new DemoRefusedError('Refusing to load demo data with NODE_ENV=production.')
  }
  const demoEmails = PEOPLE.map((p) => p.email)
  const logins = PEOPLE.map((p) => ({ name: p.name, email: p.email, roles: p.roles.join(', ') }))
  // Already seeded: nothing is written, also once someone has signed up on one of the demo's
  // invites (trying the product), so the demo keeps starting.
  const present = await db.select({ email: users.email }).from(users).where(inArray(users.email, demoEmails))
  if (present.length === PEOPLE.length) return logins
  // Before writing: anyone who is not one of the demo people is a real user, whatever their address.
  const [real] = await db
    .select({ email: users.email })
    .from(users)
    .where(notInArray(users.email, demoEmails))
    .limit(1)
  if (real)
    throw new DemoRefusedError(
      `Refusing to load demo data: this database has real users (${real.email}). ${OWN_DATA_DIR}`,
    )
  if (present.length > 0) {
    throw new DemoRefusedError(
      `Refusing to load demo data: some demo people exist but not all. ${OWN_DATA_DIR}`,
    )
  }

  const stored: string[] = []
  try {
    await db.transaction(async (tx) => {
      const made: DemoPeople = {}
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
      await seedDemoRecords(tx, made, files, stored)
    })
  } catch (error) {
    // Nothing was written: the uploaded file goes too.
    for (const key of stored) await files.store.remove(key).catch(() => {})
    throw error
  }
  return logins
}
