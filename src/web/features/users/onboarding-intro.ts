import type { CurrentUser } from '../../../shared/users'

/** Who will see the name depends on the role it is asked for. */
export function onboardingIntro(user: CurrentUser): string {
  if (user.profileEducator != null) {
    return 'Tell us your name and a few lines about you. Your students and their families will see both.'
  }
  if (user.profileStudent != null) {
    return 'Tell us the name you would like to be called. Your educators will see it.'
  }
  if (user.profileFao != null) {
    return 'Tell us your name. The students whose teams you join, and their educators, will see it.'
  }
  // A parent or guardian: only a name, in words for a parent.
  if (user.profileGuardian != null && user.profileAdmin == null) {
    return "Tell us your name as you would like your child's coaches to see it. That is all we need."
  }
  return 'Tell us your name. The people you invite and the activity log will show it.'
}
