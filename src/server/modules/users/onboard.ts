import { eq } from 'drizzle-orm'
import type { CurrentUser, OnboardBody } from '../../../shared/users'
import { MESSAGES } from '../../../shared/validation'
import type { Viewer } from '../../auth/viewer'
import type { Db } from '../../db/client'
import { educatorProfiles, users } from '../../db/schema'
import { fieldError } from '../../problems'
import { getCurrentUser } from './current-user'

/** POST /v1/users/{id}/onboard: name (and an educator's bio), the browser's time zone, then the flag clears. */
export async function onboardUser(db: Db, viewer: Viewer, body: OnboardBody): Promise<CurrentUser> {
  const isEducator = viewer.roles.has('educator')
  if (isEducator && !body.bio) throw fieldError('bio', MESSAGES.required)
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
    return (await getCurrentUser(tx, viewer.id))!
  })
}
