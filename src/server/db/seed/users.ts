import type { Role } from '../../../shared/roles'
import { hashPassword } from '../../auth/password-hash'
import type { DbOrTx } from '../client'
import {
  accounts,
  adminProfiles,
  educatorProfiles,
  faoProfiles,
  guardianProfiles,
  studentProfiles,
  users,
} from '../schema'

/**
 * A person with a password login and the profiles of their roles, written straight to the tables
 * (no invite, no sign-up): the demo seed uses it, and the tests' factories build on it.
 */
export interface UserSeed {
  name: string
  email: string
  password: string
  roles: Role[]
  /** An educator's bio; empty when not given. */
  bio?: string
  /** False leaves the account needing onboarding. */
  onboarded?: boolean
}

export interface SeededUser {
  id: string
  name: string
  email: string
  password: string
  roles: Role[]
}

// Hashing is deliberately slow (scrypt); callers seeding many people reuse one hash per password.
const hashes = new Map<string, Promise<string>>()
const hashOnce = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password))
  return hashes.get(password)!
}

export async function insertUser(db: DbOrTx, seed: UserSeed): Promise<SeededUser> {
  const email = seed.email.toLowerCase()
  const [user] = await db
    .insert(users)
    .values({ name: seed.name, email, onboardingRequired: seed.onboarded === false })
    .returning({ id: users.id })
  const id = user!.id
  await db
    .insert(accounts)
    .values({ accountId: id, providerId: 'credential', userId: id, password: await hashOnce(seed.password) })
  if (seed.roles.includes('student')) await db.insert(studentProfiles).values({ userId: id })
  if (seed.roles.includes('educator'))
    await db.insert(educatorProfiles).values({ userId: id, bio: seed.bio ?? '' })
  if (seed.roles.includes('admin')) await db.insert(adminProfiles).values({ userId: id })
  if (seed.roles.includes('fao')) await db.insert(faoProfiles).values({ userId: id })
  // A guardian profile alone; the links to students are made separately.
  if (seed.roles.includes('guardian')) await db.insert(guardianProfiles).values({ userId: id })
  return { id, name: seed.name, email, password: seed.password, roles: seed.roles }
}
