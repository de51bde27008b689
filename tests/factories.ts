import { randomBytes } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import type { DbOrTx } from '../src/server/db/client'
import {
  accounts,
  adminProfiles,
  educatorProfiles,
  faoProfiles,
  studentProfiles,
  users,
} from '../src/server/db/schema'
import type { Role } from '../src/shared/roles'

/** Test data builders, shared by the test suites and the demo seed (DESIGN.md section 8). */
export interface UserSpec {
  roles: Role[]
  name?: string
  email?: string
  password?: string
  bio?: string
  onboarded?: boolean
}

export interface CreatedUser {
  id: string
  name: string
  email: string
  password: string
  roles: Role[]
}

let sequence = 0
const DEFAULT_PASSWORD = 'correct horse battery'
// Hashing is deliberately slow (scrypt); tests reuse one hash per password.
const hashes = new Map<string, Promise<string>>()
const hashOnce = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password))
  return hashes.get(password)!
}

export async function createUser(db: DbOrTx, spec: UserSpec): Promise<CreatedUser> {
  sequence += 1
  const tag = `${spec.roles.join('-') || 'user'}-${sequence}-${randomBytes(3).toString('hex')}`
  const name = spec.name ?? `Test ${tag}`
  const email = (spec.email ?? `${tag}@example.test`).toLowerCase()
  const password = spec.password ?? DEFAULT_PASSWORD
  const [user] = await db
    .insert(users)
    .values({ name, email, onboardingRequired: spec.onboarded === false })
    .returning({ id: users.id })
  const id = user!.id
  await db
    .insert(accounts)
    .values({ accountId: id, providerId: 'credential', userId: id, password: await hashOnce(password) })
  if (spec.roles.includes('student')) await db.insert(studentProfiles).values({ userId: id })
  if (spec.roles.includes('educator')) {
    await db.insert(educatorProfiles).values({ userId: id, bio: spec.bio ?? 'Teaches SAT math and reading.' })
  }
  if (spec.roles.includes('admin')) await db.insert(adminProfiles).values({ userId: id })
  if (spec.roles.includes('fao')) await db.insert(faoProfiles).values({ userId: id })
  return { id, name, email, password, roles: spec.roles }
}
