import { BRAND } from '../../../shared/brand'
import { PASSWORD_MIN } from '../../../shared/validation'
import { Alert, Field, Skeleton, SubmitButton } from '../components/form-markup'
import type { SitePage } from '../page'

/**
 * /login, prerendered like the public pages (ADR 036): the plain login card is in the page; what
 * only some visits show (notices, the two-factor step, an invite's create-account form, a
 * guardian invite's Accept, the invite check) waits in `<template>`s, outside the document until the island
 * (islands/login.ts) puts it in. Ids and `data-` names here are what the island finds.
 */

function LoginForm() {
  return (
    // POST: a press before the island is live must never put the password in the address.
    <form id="login-form" method="post" noValidate className="flex flex-col gap-5">
      <Field id="login-email" name="email" label="Email" type="email" autoComplete="email" />
      <Field
        id="login-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <SubmitButton pendingLabel="Logging in…">Log in</SubmitButton>
      <p className="text-center text-sm">
        <a href="/forgot-password" className="inline-flex min-h-11 items-center font-medium">
          Forgot password?
        </a>
      </p>
    </form>
  )
}

function TwoFactorForm() {
  return (
    <form
      id="two-factor-form"
      method="post"
      noValidate
      className="flex flex-col gap-5"
      aria-labelledby="two-factor-heading"
    >
      <div>
        <h2 id="two-factor-heading" className="text-lg font-semibold">
          Two-factor authentication
        </h2>
        <p className="text-ink-muted" data-hint>
          Enter the 6-digit code from your authenticator app.
        </p>
      </div>
      <Field
        id="two-factor-code"
        name="code"
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        verbatim
      />
      <label className="flex min-h-11 items-center gap-3">
        <input type="checkbox" name="trustDevice" className="size-5 accent-primary" />
        <span>Trust this browser for 30 days</span>
      </label>
      <SubmitButton pendingLabel="Checking…">Verify</SubmitButton>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="btn btn-quiet btn-small" data-switch>
          Use a backup code instead
        </button>
        <button type="button" className="btn btn-quiet btn-small" data-start-over>
          Start over
        </button>
      </div>
    </form>
  )
}

function CreateAccountForm() {
  return (
    <form id="create-account-form" method="post" noValidate className="flex flex-col gap-5">
      <Field
        id="create-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        help="This invite is for this address."
      />
      <Field
        id="create-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        help={`At least ${PASSWORD_MIN} characters.`}
      />
      <Field
        id="create-confirm-password"
        name="confirmPassword"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
      />
      <SubmitButton pendingLabel="Creating account…">Create account</SubmitButton>
    </form>
  )
}

/** A guardian invite to an existing account, accepted by its owner while logged in. */
function AcceptInviteForm() {
  return (
    <form id="accept-invite-form" method="post" noValidate className="flex flex-col gap-3">
      <p className="text-ink-muted">
        You will see their scores, documents and the session notes their coaches share. Nothing changes until
        you accept.
      </p>
      <SubmitButton pendingLabel="Accepting…">Accept</SubmitButton>
      <p className="text-center text-sm">
        <a href="/dashboard" className="inline-flex min-h-11 items-center font-medium">
          Not now: go to your dashboard
        </a>
      </p>
    </form>
  )
}

/**
 * Shown instead of the login card while the island checks an invite (the head's script marks
 * such a visit "invite"). Not a heading: the page's one `<h1>` is the card's.
 */
function InviteCheck() {
  return (
    <div className="invite-check mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="card p-6 sm:p-8">
        <p className="text-2xl font-bold tracking-tight">Checking your invite</p>
        <div role="status" className="mt-6 flex flex-col gap-4">
          <span className="sr-only">Checking your invite…</span>
          <Skeleton />
          <Skeleton />
          <Skeleton />
        </div>
      </div>
    </div>
  )
}

function LoginBody() {
  return (
    <>
      <InviteCheck />
      <LoginCard />
    </>
  )
}

function LoginCard() {
  return (
    <div className="login-card mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="card p-6 sm:p-8" data-island="login">
        <h1 className="text-2xl font-bold tracking-tight" data-title>
          Log in
        </h1>
        <p className="mt-1 text-ink-muted" data-description>
          Welcome back. Log in to see your dashboard.
        </p>
        <div className="mt-6 flex flex-col gap-5">
          <p className="no-js-only text-ink-muted">
            Logging in needs JavaScript, which is turned off in this browser. Turn it on and reload the page,
            or write to <a href={`mailto:${BRAND.email}`}>{BRAND.email}</a>.
          </p>
          {/* No display class beside js-only: a utility would win over it (ADR 018). */}
          <div className="js-only">
            <div className="flex flex-col gap-5" data-content>
              <LoginForm />
            </div>
          </div>
        </div>
        <template id="login-templates">
          <Alert tone="info">
            <span data-notice="login-required">Please log in to continue.</span>
          </Alert>
          <Alert tone="info">
            <span data-notice="session-ended">
              Your session ended. Log in again to continue where you were.
            </span>
          </Alert>
          <Alert tone="danger">
            <span data-notice="auth-error" />
          </Alert>
          <Alert tone="warning">
            <span data-notice="invite-unavailable">
              This invite is no longer valid: it has been used, has expired or does not exist. Log in below if
              you already have an account, or ask whoever invited you for a new link.
            </span>
          </Alert>
          <Alert tone="danger">
            <span data-notice="invite-error" />
          </Alert>
          <Alert tone="warning">
            <span data-notice="invite-not-yours">
              This invite is not open to the account you are logged in with: it is for another address, or it
              has been used or has expired. Log out and open the link again to use another account.
            </span>
          </Alert>
          <p className="text-center text-sm" data-part="to-dashboard">
            <a href="/dashboard" className="inline-flex min-h-11 items-center font-medium">
              Go to your dashboard
            </a>
          </p>
          <Alert tone="danger">
            <span data-notice="form-error" />
          </Alert>
          <TwoFactorForm />
          <CreateAccountForm />
          <AcceptInviteForm />
          <p className="text-center text-sm text-ink-muted" data-part="have-account">
            Already have an account?{' '}
            <a href="/login" className="inline-flex min-h-11 items-center font-medium">
              Log in
            </a>
          </p>
        </template>
      </div>
    </div>
  )
}

export const loginPage = (): SitePage => ({
  path: '/login',
  title: `Log in | ${BRAND.name}`,
  description: `Log in to your ${BRAND.name} workspace: your plan, scores, documents and sessions.`,
  heading: 'Log in',
  hideLogin: true,
  scripts: ['site/islands/login.ts'],
  body: <LoginBody />,
})
