import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { adminProfiles, userInvites, users } from '../../db/schema'
import { availableCondition, inviteExpiry } from './invites'

/**
 * First start with no admin: one admin invite, printed at every start until an admin exists
 * (docs/product.md#invites-and-sign-up). Returns its id, or null when an admin exists.
 */
export async function ensureBootstrapInvite(db: Db): Promise<string | null> {
  const [admin] = await db
    .select({ id: adminProfiles.userId })
    .from(adminProfiles)
    .innerJoin(users, eq(users.id, adminProfiles.userId))
    .where(sql`${users.disabledAt} is null`)
    .limit(1)
  if (admin) return null
  const [existing] = await db
    .select({ id: userInvites.id })
    .from(userInvites)
    .where(and(eq(userInvites.bootstrap, true), availableCondition()))
    .orderBy(desc(userInvites.createdAt))
    .limit(1)
  if (existing) return existing.id
  const [created] = await db
    .insert(userInvites)
    .values({ admin: true, bootstrap: true, expiresAt: inviteExpiry() })
    .returning({ id: userInvites.id })
  return created!.id
}
