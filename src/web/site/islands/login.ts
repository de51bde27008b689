import '../../lib/zod-jitless'
import type { z } from 'zod'
import { BRAND } from '../../../shared/brand'
import { guardianInviteAcceptanceSchema } from '../../../shared/guardians'
import { invitePreviewSchema } from '../../../shared/invites'
import { safeRedirectPath } from '../../../shared/safe-redirect'
import { currentUserSchema } from '../../../shared/users'
import { onSessionChange } from '../../features/auth/session-channel'
import { apiFetch, errorMessage, isApiError } from '../../lib/api-client'
import { clearSessionHint, hasSessionHint } from '../../lib/session-hint'
import { alertFor, field, resetForm, template } from './login-forms'
import { acceptInviteForm, createAccountForm, roleList, twoFactorStep, wireLoginForm } from './login-steps'

/**
 * The island of the prerendered /login (ADR 036): the login form, its two-factor step and an
 * invite's create-account form, in plain DOM code over the markup of site/pages/login.tsx. It
 * validates with the shared schemas (the messages of docs/product.md#form-messages), talks to the
 * auth API with the app's own calls, and on success leaves for the app with a full page load.
 * React, the router and the app around it would put the page far over its JavaScript budget
 * (docs/product.md#budgets; the `/login` JavaScript row of docs/performance.md, "Where it stands").
 */

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

// Last: everything above is defined by now.
const card = document.querySelector<HTMLElement>('[data-island="login"]')
if (card) mount(card)
