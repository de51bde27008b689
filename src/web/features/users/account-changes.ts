import { type GrantableRole, ROLE_LABELS, rolesOf } from '../../../shared/roles'
import type { AdminUser, UpdateUserBody } from '../../../shared/users'

/** What the Manage dialog holds: the four roles and whether the account is disabled. */
export interface AccountState {
  roles: Record<GrantableRole, boolean>
  disabled: boolean
}

export function accountStateOf(user: AdminUser): AccountState {
  const held = new Set(rolesOf(user))
  return {
    roles: {
      admin: held.has('admin'),
      educator: held.has('educator'),
      fao: held.has('fao'),
      student: held.has('student'),
    },
    disabled: user.disabled,
  }
}

/** Who a person is in words: their name, or their email before they have onboarded. */
export const personLabel = (user: { name: string; email: string }) => user.name || user.email

/**
 * Which controls the viewer gets for this user. The server refuses the rest (docs/product.md#what-admins-may-change;
 * 5): a student profile is never revoked (archive instead), nor given to a guardian of a student
 * (a student is nobody's guardian); an admin neither drops their own admin role nor disables
 * themself. The last-admin rule needs a count the web does not hold: the server's answer says so
 * when it applies.
 */
export function lockedControls(viewerUuid: string, user: AdminUser) {
  const self = viewerUuid === user.uuid
  const isStudent = user.profileStudent != null
  const guardianOfStudents = !isStudent && (user.guardianOf ?? []).length > 0
  return {
    student: isStudent || guardianOfStudents,
    /** Why the Student box is locked: a guardian of a student, rather than a student already. */
    studentIsGuardian: guardianOfStudents,
    admin: self && user.profileAdmin != null,
    disabled: self && !user.disabled,
  }
}

/** The PATCH body for the difference between two states; null when nothing changed. */
export function changeBody(before: AccountState, after: AccountState): UpdateUserBody | null {
  const body: UpdateUserBody = {}
  for (const role of Object.keys(before.roles) as GrantableRole[]) {
    if (before.roles[role] !== after.roles[role]) body[role] = after.roles[role]
  }
  if (before.disabled !== after.disabled) body.disabled = after.disabled
  return Object.keys(body).length === 0 ? null : body
}

const list = (labels: string[]) =>
  labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`

const ROLE_ORDER: GrantableRole[] = ['admin', 'educator', 'fao', 'student']

export interface ChangeSummary {
  title: string
  description: string
  confirmLabel: string
  /** Revoking a role or disabling an account: a red button (docs/product.md#look-and-accessibility). */
  destructive: boolean
  /** The toast once it is saved. */
  done: string
}

/** The confirmation for a change, naming the person and saying what follows from it. */
export function summarizeChange(
  user: Pick<AdminUser, 'name' | 'email' | 'profileEducator' | 'profileFao'>,
  body: UpdateUserBody,
): ChangeSummary {
  const who = personLabel(user)
  const granted = ROLE_ORDER.filter((role) => body[role] === true).map((role) => ROLE_LABELS[role])
  const revoked = ROLE_ORDER.filter((role) => body[role] === false)
  const sentences: string[] = []
  if (granted.length > 0)
    sentences.push(`${who} gains the ${list(granted)} role${granted.length > 1 ? 's' : ''}.`)
  if (revoked.length > 0) {
    const labels = revoked.map((role) => ROLE_LABELS[role])
    sentences.push(`${who} loses the ${list(labels)} role${labels.length > 1 ? 's' : ''}.`)
  }
  // A team is people holding an educator or FAO profile (docs/product.md#teams).
  const staffBefore = user.profileEducator != null || user.profileFao != null
  const educatorAfter = body.educator ?? user.profileEducator != null
  const faoAfter = body.fao ?? user.profileFao != null
  if (staffBefore && !educatorAfter && !faoAfter) {
    sentences.push('They are taken off every student team they are on; their documents stay.')
  } else if (body.educator === false && faoAfter) {
    sentences.push('They stay on their student teams as an FAO, who reads records but changes nothing.')
  }
  if (body.disabled === true) {
    sentences.push(
      'Disabling the account logs them out everywhere at once, and they cannot log in until it is enabled again.',
    )
  }
  if (body.disabled === false) sentences.push('Enabling the account lets them log in again.')

  const rolesChanged = granted.length > 0 || revoked.length > 0
  const accountChanged = body.disabled !== undefined
  const account = body.disabled ? 'Disable' : 'Enable'
  const title =
    rolesChanged && accountChanged
      ? `Change ${who}'s roles and account?`
      : rolesChanged
        ? `Change ${who}'s roles?`
        : `${account} ${who}'s account?`
  return {
    title,
    description: sentences.join(' '),
    confirmLabel: rolesChanged ? 'Save changes' : `${account} account`,
    destructive: revoked.length > 0 || body.disabled === true,
    done: rolesChanged
      ? `${who}'s ${accountChanged ? 'roles and account' : 'roles'} updated`
      : `${who}'s account ${body.disabled ? 'disabled' : 'enabled'}`,
  }
}
