import { and, eq, sql } from 'drizzle-orm'
import type { SignUpBody } from '../../../shared/auth'
import type { GrantableRole } from '../../../shared/roles'
import { hashPassword } from '../../auth/password-hash'
import type { Db, Tx } from '../../db/client'
import { isUniqueViolation } from '../../db/raw'
import {
  accounts,
  adminProfiles,
  educatorProfiles,
  faoProfiles,
  studentProfiles,
  userInvites,
  users,
} from '../../db/schema'
import { conflict, fieldError, forbidden } from '../../problems'
import { linkGuardian, requireEligibleGuardian } from '../guardians/guardians'
import { availableCondition } from './invites'

async function grantProfiles(tx: Tx, userId: string, roles: Record<GrantableRole, boolean>): Promise<void> {
  if (roles.student) await tx.insert(studentProfiles).values({ userId })
  if (roles.educator) await tx.insert(educatorProfiles).values({ userId })
  if (roles.admin) await tx.insert(adminProfiles).values({ userId })
  if (roles.fao) await tx.insert(faoProfiles).values({ userId })
}

/**
 * Redeems an invite and creates the account in one transaction (docs/product.md#invites-and-sign-up). The
 * conditional UPDATE is the claim: of ten people racing on one invite, one row lock wins and the
 * others find it used, so exactly one account exists.
 */
export async function signUpWithInvite(db: Db, body: SignUpBody): Promise<{ userId: string }> {
  const passwordHash = await hashPassword(body.password)
  try {
    return await db.transaction(async (tx) => {
      const [invite] = await tx
        .update(userInvites)
        .set({ usedAt: sql`now()` })
        .where(and(eq(userInvites.id, body.invite), availableCondition()))
        .returning()
      if (!invite) {
        const [exists] = await tx
          .select({ id: userInvites.id })
          .from(userInvites)
          .where(eq(userInvites.id, body.invite))
        if (!exists) throw fieldError('invite', 'This invite does not exist.')
        throw conflict('invite-unavailable', 'This invite has already been used or has expired.')
      }
      if (invite.email && invite.email !== body.email) {
        throw forbidden('This invite is for another email address.', 'invite-email-mismatch')
      }
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${body.email}`)
      if (taken) throw conflict('email-taken', 'An account with this email already exists. Log in instead.')

      const [user] = await tx
        .insert(users)
        // Without a name of their own, the one the admin gave: onboarding shows it to confirm or change.
        .values({ name: body.name || invite.name || '', email: body.email, onboardingRequired: true })
        .returning({ id: users.id })
      const userId = user!.id
      await tx
        .insert(accounts)
        .values({ accountId: userId, providerId: 'credential', userId, password: passwordHash })
      await tx.update(userInvites).set({ userId }).where(eq(userInvites.id, invite.id))
      await grantProfiles(tx, userId, invite)
      // A guardian invite carries its student: the new account is linked in the same transaction.
      if (invite.guardianStudentId && invite.guardianRelationship) {
        // The rules of every other link (a student is nobody's guardian) hold for an invite too.
        await requireEligibleGuardian(tx, userId, invite.guardianStudentId, 'invite')
        await linkGuardian(tx, {
          guardianId: userId,
          studentId: invite.guardianStudentId,
          relationship: invite.guardianRelationship,
          actorId: invite.createdById,
        })
      }
      // The first admin exists: the one-time bootstrap invite printed at start is void.
      if (invite.admin) {
        await tx
          .update(userInvites)
          .set({ expiresAt: sql`now()` })
          .where(and(eq(userInvites.bootstrap, true), availableCondition()))
      }
      return { userId }
    })
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('email-taken', 'An account with this email already exists. Log in instead.')
    throw error
  }
}
