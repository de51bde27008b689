import { addGuardian, addToTeam } from '../factories'
import type { SignedIn, TestApp } from './test-app'

/**
 * The cast most record tests start from: a signed-in student with the given staff (an educator
 * and an FAO, say) on the team, and a signed-in guardian linked as 'Parent'.
 */
export async function studentFamily(
  t: TestApp,
  team: SignedIn[],
  { name }: { name?: string } = {},
): Promise<{ student: SignedIn; guardian: SignedIn }> {
  const student = await t.userWith({ roles: ['student'], name })
  for (const member of team) await addToTeam(t.db, student.id, member.id)
  const guardian = await t.userWith({ roles: ['guardian'] })
  await addGuardian(t.db, student.id, guardian.id)
  return { student, guardian }
}
