import '../../lib/zod-jitless'
import { z } from 'zod'
import {
  createAccountFormSchema,
  loginBodySchema,
  totpCodeField,
  verifyBackupCodeBodySchema,
} from '../../../shared/auth'
import { BRAND } from '../../../shared/brand'
import { acceptedGuardianInviteSchema, guardianInviteAcceptanceSchema } from '../../../shared/guardians'
import { invitePreviewSchema } from '../../../shared/invites'
import { safeRedirectPath } from '../../../shared/safe-redirect'
import { currentUserSchema } from '../../../shared/users'
import { logIn, signUpWithInvite } from '../../features/auth/api/log-in'
import { needsSecondFactor, verifyBackupCode, verifyTotp } from '../../features/auth/api/two-factor'
import { authErrorMessage } from '../../features/auth/auth-errors'
import { onSessionChange } from '../../features/auth/session-channel'
import { apiFetch, errorMessage, isApiError } from '../../lib/api-client'
import { clearSessionHint, hasSessionHint } from '../../lib/session-hint'

/**
 * The island of the prerendered /login (ADR 036): the login form, its two-factor step and an
 * invite's create-account form, in plain DOM code over the markup of site/pages/login.tsx. It
 * validates with the shared schemas (the messages of docs/product.md#form-messages), talks to the
 * auth API with the app's own calls, and on success leaves for the app with a full page load.
 * React, the router and the app around it would put the page far over its JavaScript budget
 * (docs/product.md#budgets; the `/login` JavaScript row of docs/performance.md, "Where it stands").
 */

type Issue = { path: string; message: string }

function mount(card: HTMLElement) {
  const content = card.querySelector<HTMLElement>('[data-content]')!
  const heading = card.querySelector<HTMLElement>('[data-title]')!
  const description = card.querySelector<HTMLElement>('[data-description]')!
  const loginForm = content.querySelector<HTMLFormElement>('#login-form')!

  const search = new URLSearchParams(window.location.search)
  const err = search.get('err')
  const invite = search.get('invite')
  /** Where the visitor was going; `safeRedirectPath` decides whether to go there. */
  let redirect: string | null = null
  /** Logging in from a guardian invite: back to this page after, to accept it. */
  let acceptAfterLogin = false
  /** Showing a logged-in person the invite to accept (or why they cannot). */
  let accepting = false

  const notice = alertFor

  const setHeading = (title: string, text?: string) => {
    heading.textContent = title
    document.title = `${title} | ${BRAND.name}`
    description.hidden = !text
    if (text) description.textContent = text
  }

  /**
   * Logged in: the app, with a full page load (its guard sends on to onboarding or two-factor
   * set-up); or this page again, which then offers the guardian invite to accept.
   */
  const enter = (path: string) => (acceptAfterLogin ? window.location.reload() : window.location.assign(path))

  wireLoginForm(loginForm, {
    onSecondStep: () => {
      const step = twoFactorStep({
        onDone: () => enter(safeRedirectPath(redirect)),
        onCancel: () => {
          resetForm(loginForm, { password: '' })
          step.replaceWith(loginForm)
        },
      })
      loginForm.replaceWith(step)
      field(step, 'code').focus()
    },
    onDone: () => enter(safeRedirectPath(redirect)),
  })

  const plainLogin = (authError: string | null, inviteUnavailable = false) => {
    setHeading('Log in', 'Welcome back. Log in to see your dashboard.')
    const notices: HTMLElement[] = []
    if (err === 'login-required') notices.push(notice('login-required'))
    if (err === 'session-ended') notices.push(notice('session-ended'))
    if (authError)
      notices.push(notice('auth-error', `We could not check whether you are logged in: ${authError}`))
    if (inviteUnavailable) notices.push(notice('invite-unavailable'))
    content.replaceChildren(...notices, loginForm)
  }

  const inviteLogin = async (invite: string, authError: string | null) => {
    // The page shows the invite check meanwhile (the head's script marked the visit "invite").
    document.title = `Checking your invite | ${BRAND.name}`
    let preview: z.infer<typeof invitePreviewSchema> | null
    try {
      preview = await apiFetch(`/v1/user-invites/${encodeURIComponent(invite)}`, {
        schema: invitePreviewSchema,
      })
    } catch (error) {
      // Unknown (404) and malformed (400) ids read as "not available".
      if (!isApiError(error, 404) && !isApiError(error, 400)) {
        setHeading('Log in')
        content.replaceChildren(
          notice('invite-error', `We could not check this invite: ${errorMessage(error)}`),
          loginForm,
        )
        return
      }
      preview = null
    }
    if (!preview?.available) return plainLogin(authError, true)
    setHeading(
      'Create your account',
      `You have been invited to ${BRAND.name}${roleList(preview.roles)}. Choose a password to finish.`,
    )
    const haveAccount = template('[data-part="have-account"]')
    // A guardian invite may be for an account that exists: its owner logs in here and accepts.
    if (preview.roles.includes('guardian')) {
      const email = preview.email
      haveAccount.querySelector('a')!.addEventListener('click', (event) => {
        event.preventDefault()
        acceptAfterLogin = true
        setHeading('Log in to accept', 'Log in with the address this invite was sent to, then accept it.')
        if (email) field(loginForm, 'email').value = email
        content.replaceChildren(loginForm)
        field(loginForm, email ? 'password' : 'email').focus()
      })
    }
    content.replaceChildren(createAccountForm(invite, preview.email), haveAccount)
  }

  /** Logged in with an invite's link: a guardian invite sent to this account's address to accept. */
  const acceptInvite = async (invite: string) => {
    accepting = true
    document.title = `Checking your invite | ${BRAND.name}`
    let offer: z.infer<typeof guardianInviteAcceptanceSchema>
    try {
      offer = await apiFetch(`/v1/user-invites/${encodeURIComponent(invite)}/acceptance`, {
        schema: guardianInviteAcceptanceSchema,
      })
    } catch (error) {
      setHeading('Accept an invite')
      content.replaceChildren(
        isApiError(error, 404)
          ? notice('invite-not-yours')
          : notice('invite-error', `We could not check this invite: ${errorMessage(error)}`),
        template('[data-part="to-dashboard"]'),
      )
      return
    }
    setHeading(
      'Accept the invite',
      `${offer.invitedBy ?? BRAND.name} invited you to be linked as a parent or guardian of ${offer.student.name} (${offer.relationship}).`,
    )
    const form = acceptInviteForm(invite)
    content.replaceChildren(form)
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.focus()
  }

  let leaving = false
  const start = async () => {
    let authError: string | null = null
    // Logged out on this browser: show the form without asking the server (a 401 in the console).
    if (hasSessionHint()) {
      try {
        await apiFetch('/v1/users/me', { schema: currentUserSchema })
        if (invite) return await acceptInvite(invite)
        leaving = true
        window.location.replace('/dashboard')
        return
      } catch (error) {
        // Only a 401 is the ordinary logged-out answer; anything else is shown.
        if (isApiError(error, 401)) clearSessionHint()
        else authError = errorMessage(error)
      }
    }
    if (invite) await inviteLogin(invite, authError)
    else {
      redirect = search.get('redirect')
      plainLogin(authError)
    }
  }
  // The card is complete: show it in place of the invite check, or of nothing (ADR 036).
  void start().finally(() => {
    if (!leaving) document.documentElement.classList.remove('invite', 'wait')
  })

  // Another tab logged in, or someone did while this tab was away: go to their dashboard.
  const recheck = async () => {
    if (!hasSessionHint() || accepting) return
    const user = await apiFetch('/v1/users/me', { schema: currentUserSchema }).catch(() => null)
    if (user) window.location.assign('/dashboard')
  }
  onSessionChange(() => void recheck())
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void recheck()
  })
  // Say when the page is live, for tests and styles.
  card.dataset.mounted = ''
}

const ROLE_WORDS = {
  admin: 'an admin',
  educator: 'an educator',
  fao: 'a financial-aid officer',
  student: 'a student',
  guardian: 'a parent or guardian',
}

function roleList(roles: (keyof typeof ROLE_WORDS)[]): string {
  const words = roles.map((role) => ROLE_WORDS[role])
  if (words.length === 0) return ''
  if (words.length === 1) return ` as ${words[0]}`
  return ` as ${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

// ---- Forms: the app's form behaviour (react-hook-form with the zod resolver), by hand ----

const field = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as HTMLInputElement

/** The field's error under it, or none; aria-invalid and aria-describedby follow. */
function showFieldError(form: HTMLFormElement, name: string, message: string | undefined) {
  const input = field(form, name)
  const error = form.querySelector<HTMLElement>(`#${input.id}-error`)!
  const help = form.querySelector<HTMLElement>(`#${input.id}-help`)
  error.hidden = !message
  error.querySelector('span')!.textContent = message ?? ''
  if (message) input.setAttribute('aria-invalid', 'true')
  else input.removeAttribute('aria-invalid')
  const describedBy = [help ? help.id : null, message ? error.id : null].filter(Boolean).join(' ')
  if (describedBy) input.setAttribute('aria-describedby', describedBy)
  else input.removeAttribute('aria-describedby')
}

/** Each field's first problem under it, the others cleared; focuses the first field with one. */
function showIssues(form: HTMLFormElement, fields: readonly string[], issues: Issue[], focus = true) {
  const byField = new Map<string, string>()
  for (const issue of issues) if (!byField.has(issue.path)) byField.set(issue.path, issue.message)
  for (const name of fields) showFieldError(form, name, byField.get(name))
  const first = fields.find((name) => byField.has(name))
  if (first && focus) field(form, first).focus()
}

const issuesOf = (error: z.ZodError): Issue[] =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }))

/** What only some visits show waits in the page's `<template>`, outside the document. */
const templates = () => document.querySelector<HTMLTemplateElement>('#login-templates')!.content
const template = <T extends HTMLElement>(selector: string) =>
  templates().querySelector(selector)!.cloneNode(true) as T

/** A copy of the page's alert that holds `[data-notice=name]`, with `text` in it when given. */
function alertFor(name: string, text?: string): HTMLElement {
  const alert = templates()
    .querySelector(`[data-notice="${name}"]`)!
    .closest('[role="alert"]')!
    .cloneNode(true) as HTMLElement
  if (text !== undefined) alert.querySelector('[data-notice]')!.textContent = text
  return alert
}

/** The danger alert above the form's fields, or none. */
function showFormError(form: HTMLFormElement, message: string | null) {
  form.querySelector(':scope > [role="alert"]')?.remove()
  if (!message) return
  form.insertBefore(alertFor('form-error', message), form.querySelector('[data-field]'))
}

/** The submit button says it is busy and cannot be pressed twice. */
function setPending(form: HTMLFormElement, pending: boolean) {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!
  button.disabled = pending
  button.setAttribute('aria-disabled', String(pending))
  button.querySelector<HTMLElement>('[data-spinner]')!.hidden = !pending
  button.querySelector('span:not([data-spinner])')!.textContent =
    (pending ? button.dataset.pendingLabel : button.dataset.idleLabel) ?? ''
}

const submitted = new WeakSet<HTMLFormElement>()

/** Values back, errors and the form's alert gone, as a fresh form. */
function resetForm(form: HTMLFormElement, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) field(form, name).value = value
  for (const input of form.querySelectorAll<HTMLInputElement>('[data-field] input'))
    showFieldError(form, input.name, undefined)
  showFormError(form, null)
  submitted.delete(form)
}

/**
 * Wires a form: checked with `validate` on submit (messages and focus), then again as each field
 * changes once it has been submitted; `send` runs with the checked values while the button is busy.
 * `send` answers whether the page is leaving (the button then stays busy).
 */
function wireForm<T>(
  form: HTMLFormElement,
  fields: readonly string[],
  validate: () => { success: true; data: T } | { success: false; error: z.ZodError },
  send: (data: T) => Promise<boolean>,
) {
  for (const name of fields) {
    field(form, name).addEventListener('input', () => {
      if (!submitted.has(form)) return
      const result = validate()
      const message = result.success
        ? undefined
        : issuesOf(result.error).find((i) => i.path === name)?.message
      showFieldError(form, name, message)
    })
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!
    if (button.disabled) return
    submitted.add(form)
    const result = validate()
    if (!result.success) return showIssues(form, fields, issuesOf(result.error))
    showIssues(form, fields, [])
    showFormError(form, null)
    setPending(form, true)
    let leaving = false
    try {
      leaving = await send(result.data)
    } finally {
      if (!leaving) setPending(form, false)
    }
  })
}

function wireLoginForm(
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

const TWO_FACTOR_KINDS = {
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
function twoFactorStep({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }): HTMLFormElement {
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
  })
  form.querySelector('[data-start-over]')!.addEventListener('click', onCancel)
  return form
}

/** An invite's form: only the address it was sent to may register (docs/product.md#invites-and-sign-up). */
function createAccountForm(invite: string, email: string | null): HTMLFormElement {
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
        const problems = isApiError(error, 400) ? (error.problem?.errors ?? []) : []
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
function acceptInviteForm(invite: string): HTMLFormElement {
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

// Last: everything above is defined by now.
const card = document.querySelector<HTMLElement>('[data-island="login"]')
if (card) mount(card)
