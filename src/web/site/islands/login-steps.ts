import { z } from 'zod'
import {
  createAccountFormSchema,
  loginBodySchema,
  totpCodeField,
  verifyBackupCodeBodySchema,
} from '../../../shared/auth'
import { acceptedGuardianInviteSchema } from '../../../shared/guardians'
import { logIn, signUpWithInvite } from '../../features/auth/api/log-in'
import { needsSecondFactor, verifyBackupCode, verifyTotp } from '../../features/auth/api/two-factor'
import { authErrorMessage } from '../../features/auth/auth-errors'
import { apiFetch, errorMessage, fieldProblems, isApiError } from '../../lib/api-client'
import {
  alertFor,
  field,
  resetForm,
  setPending,
  showFormError,
  showIssues,
  template,
  wireForm,
} from './login-forms'

/** The /login island's forms (islands/login.ts): log in, the second factor, and an invite's two forms. */

export const ROLE_WORDS = {
  admin: 'an admin',
  educator: 'an educator',
  fao: 'a financial-aid officer',
  student: 'a student',
  guardian: 'a parent or guardian',
}

export function roleList(roles: (keyof typeof ROLE_WORDS)[]): string {
  const words = roles.map((role) => ROLE_WORDS[role])
  if (words.length === 0) return ''
  if (words.length === 1) return ` as ${words[0]}`
  return ` as ${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

export function wireLoginForm(
  form: HTMLFormElement,
  { onSecondStep, onDone }: { onSecondStep: () => void; onDone: () => void },
) {
  wireForm(
    form,
    ['email', 'password'],
    () =>
      loginBodySchema.safeParse({
        email: field(form, 'email').value,
        password: field(form, 'password').value,
      }),
    async (values) => {
      try {
        const answer = await logIn(values)
        if (needsSecondFactor(answer)) {
          onSecondStep()
          return false
        }
        onDone()
        return true
      } catch (error) {
        showFormError(form, authErrorMessage(error))
        return false
      }
    },
  )
}

export const TWO_FACTOR_KINDS = {
  app: {
    label: 'Authentication code',
    hint: 'Enter the 6-digit code from your authenticator app.',
    other: 'Use a backup code instead',
    inputMode: 'numeric',
    maxLength: 6,
    schema: z.object({ code: totpCodeField }),
    verify: verifyTotp,
  },
  backup: {
    label: 'Backup code',
    hint: 'Enter one of your backup codes. Each works once.',
    other: 'Use the authenticator app instead',
    inputMode: '',
    maxLength: 64,
    schema: z.object({ code: verifyBackupCodeBodySchema.shape.code }),
    verify: verifyBackupCode,
  },
} as const

/**
 * The login's second step, after a correct password on an account with two-factor: the app's
 * six-digit code, or one of the printed backup codes. `onDone` runs once a session exists.
 */
export function twoFactorStep({
  onDone,
  onCancel,
}: {
  onDone: () => void
  onCancel: () => void
}): HTMLFormElement {
  const form = template<HTMLFormElement>('#two-factor-form')
  let kind: keyof typeof TWO_FACTOR_KINDS = 'app'
  const code = field(form, 'code')

  wireForm(
    form,
    ['code'],
    () => TWO_FACTOR_KINDS[kind].schema.safeParse({ code: code.value }),
    async ({ code }) => {
      try {
        await TWO_FACTOR_KINDS[kind].verify(code, field(form, 'trustDevice').checked)
        onDone()
        return true
      } catch (error) {
        if (isApiError(error, 401) && error.problem?.code !== 'invalid-two-factor-cookie') {
          showIssues(form, ['code'], [{ path: 'code', message: 'That code is not right. Try again.' }])
        } else if (isApiError(error, 401)) {
          showFormError(form, 'This login has expired. Log in again.')
        } else {
          showFormError(form, authErrorMessage(error))
        }
        return false
      }
    },
  )

  form.querySelector('[data-switch]')!.addEventListener('click', (event) => {
    kind = kind === 'app' ? 'backup' : 'app'
    const next = TWO_FACTOR_KINDS[kind]
    form.querySelector('[data-field="code"] [data-label]')!.textContent = next.label
    form.querySelector('[data-hint]')!.textContent = next.hint
    ;(event.currentTarget as HTMLElement).textContent = next.other
    if (next.inputMode) code.setAttribute('inputmode', next.inputMode)
    else code.removeAttribute('inputmode')
    code.maxLength = next.maxLength
    resetForm(form, { code: '' })
    code.focus()
  })
  form.querySelector('[data-start-over]')!.addEventListener('click', onCancel)
  return form
}

/** An invite's form: only the address it was sent to may register (docs/product.md#invites-and-sign-up). */
export function createAccountForm(invite: string, email: string | null): HTMLFormElement {
  const form = template<HTMLFormElement>('#create-account-form')
  const emailInput = field(form, 'email')
  if (email !== null) {
    emailInput.value = email
    emailInput.readOnly = true
  } else {
    form.querySelector(`#${emailInput.id}-help`)?.remove()
    emailInput.removeAttribute('aria-describedby')
  }
  const fields = ['email', 'password', 'confirmPassword'] as const
  wireForm(
    form,
    fields,
    () =>
      createAccountFormSchema.safeParse({
        email: emailInput.value,
        password: field(form, 'password').value,
        confirmPassword: field(form, 'confirmPassword').value,
      }),
    async ({ email, password }) => {
      try {
        await signUpWithInvite({ email, password, invite })
        window.location.assign('/onboarding')
        return true
      } catch (error) {
        // A 400 naming fields shows each message on its field; anything else above the form.
        const problems = fieldProblems(error)
        const shown = problems.filter((problem) => problem.path === 'email' || problem.path === 'password')
        if (shown.length > 0) showIssues(form, fields, shown)
        else showFormError(form, authErrorMessage(error))
        return false
      }
    },
  )
  return form
}

/**
 * Accept: links this account to the student (docs/product.md#guardians), then opens their record.
 * A refusal (a student account, staff on the student's team) shows the server's sentence.
 */
export function acceptInviteForm(invite: string): HTMLFormElement {
  const form = template<HTMLFormElement>('#accept-invite-form')
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!
    if (button.disabled) return
    form.querySelector(':scope > [role="alert"]')?.remove()
    setPending(form, true)
    try {
      const { studentUUID } = await apiFetch(`/v1/user-invites/${encodeURIComponent(invite)}/accept`, {
        method: 'POST',
        schema: acceptedGuardianInviteSchema,
      })
      window.location.assign(`/students/${encodeURIComponent(studentUUID)}`)
    } catch (error) {
      const refusal = isApiError(error) ? error.problem?.errors?.[0]?.message : undefined
      form.prepend(alertFor('form-error', refusal ?? errorMessage(error)))
      setPending(form, false)
    }
  })
  return form
}
