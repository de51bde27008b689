import { eq } from 'drizzle-orm'
import type { CurrentUser, OnboardBody } from '../../../shared/users'
import { MESSAGES } from '../../../shared/validation'
import type { Viewer } from '../../auth/viewer'
import type { Db, Tx } from '../../db/client'
import { educatorProfiles, type UserInviteRow, users } from '../../db/schema'
import { conflict, fieldError } from '../../problems'
import { createGuardianInvite } from '../guardians/guardians'
import { writeStudentProfile } from '../students/profile'
import { refuseOverCap } from '../students/record-caps'
import { getCurrentUser } from './current-user'

/** A guardian invite made at onboarding (it holds the name to greet them by); the caller mails it. */
export interface OnboardingInvite {
  invite: UserInviteRow
}

/**
 * POST /v1/users/{id}/onboard: name (and an educator's bio), the browser's time zone, then the flag
 * clears. A student may also give their profile and parents to invite (docs/product.md#onboarding):
 * all of it in one transaction, each part audited as the same change made later would be.
 */
export async function onboardUser(
  db: Db,
  viewer: Viewer,
  body: OnboardBody,
): Promise<{ user: CurrentUser; invites: OnboardingInvite[] }> {
  const isEducator = viewer.roles.has('educator')
  const isStudent = viewer.roles.has('student')
  if (isEducator && !body.bio) throw fieldError('bio', MESSAGES.required)
  if (!isStudent && body.studentProfile)
    throw fieldError('studentProfile', 'Only students have a student profile.')
  if (!isStudent && body.guardians?.length)
    throw fieldError('guardians', 'Only students invite parents here.')
  // Once onboarded, the profile changes where its rules hold (settings, the record) and parents
  // are invited by the team: onboarding is not a second way round them.
  if (!viewer.onboardingRequired && (body.studentProfile || body.guardians?.length))
    throw conflict(
      'already-onboarded',
      'You have finished onboarding: change your school and tests in Settings; your team invites parents.',
    )
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        name: body.name,
        onboardingRequired: false,
        updatedAt: new Date(),
        ...(body.timeZone ? { timeZone: body.timeZone } : {}),
      })
      .where(eq(users.id, viewer.id))
    if (isEducator)
      await tx.update(educatorProfiles).set({ bio: body.bio }).where(eq(educatorProfiles.userId, viewer.id))
    if (isStudent && body.studentProfile) {
      await writeStudentProfile(tx, viewer.id, viewer.id, body.studentProfile, 'studentProfile.')
    }
    const invites = isStudent ? await inviteParents(tx, viewer, body.guardians ?? []) : []
    return { user: (await getCurrentUser(tx, viewer.id))!, invites }
  })
}

/** One invite per address (the first relationship given wins); never the student's own address. */
async function inviteParents(
  tx: Tx,
  viewer: Viewer,
  guardians: NonNullable<OnboardBody['guardians']>,
): Promise<OnboardingInvite[]> {
  const seen = new Set<string>()
  const invites: OnboardingInvite[] = []
  for (const [index, guardian] of guardians.entries()) {
    if (guardian.email === viewer.email.toLowerCase())
      throw fieldError(`guardians.${index}.email`, 'Use your parent’s email address, not yours.')
    if (seen.has(guardian.email)) continue
    seen.add(guardian.email)
    await refuseOverCap(tx, viewer.id, 'guardians')
    const { invite } = await createGuardianInvite(tx, viewer.id, viewer.id, {
      email: guardian.email,
      name: guardian.name,
      relationship: guardian.relationship,
    })
    invites.push({ invite })
  }
  return invites
}
