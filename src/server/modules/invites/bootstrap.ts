import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { adminProfiles, userInvites, users } from '../../db/schema'
import { availableCondition, inviteExpiry } from './invites'

/**
 * The first-admin link as a block of its own on stdout, set apart from the JSON log lines so
 * that nobody has to dig it out of them.
 */
export function firstAdminNotice(link: string): string {
  const rule = '='.repeat(Math.max(72, link.length + 4))
  return [
    '',
    rule,
    '  No admin account yet. Create the first admin with this one-time link:',
    '',
    `  ${link}`,
    '',
    '  It is printed at every start until an admin exists (it expires after 14 days and is',
    '  then replaced). Another way in: npm run invite -- --admin',
    rule,
    '',
    '',
  ].join('\n')
}

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
