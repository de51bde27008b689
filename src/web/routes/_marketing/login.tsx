import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, redirect } from '@tanstack/react-router'
import { BRAND } from '../../../shared/brand'
import { Alert } from '../../components/ui/alert'
import { Skeleton } from '../../components/ui/skeleton'
import { currentUserQueryOptions, getAuthError } from '../../features/auth/api/get-current-user'
import { invitePreviewQueryOptions } from '../../features/auth/api/get-invite-preview'
import { AuthCard } from '../../features/auth/components/auth-card'
import { errorMessage } from '../../lib/api-client'
import { hasSessionHint } from '../../lib/session-hint'
import { CreateAccountForm } from './-components/create-account-form'
import { LoginForm } from './-components/login-form'

interface LoginSearch {
  err?: string
  invite?: string
  /** Where the visitor was going; `safeRedirectPath` decides whether to go there. */
  redirect?: string
}

export const Route = createFileRoute('/_marketing/login')({
  // Kept only when strings; anything else is dropped, never thrown (docs/product.md#screens-and-navigation).
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    ...(typeof search.err === 'string' ? { err: search.err } : {}),
    ...(typeof search.invite === 'string' ? { invite: search.invite } : {}),
    ...(typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
  }),
  beforeLoad: async ({ context }) => {
    // Logged out on this browser: show the form without asking the server (a 401 in the console).
    if (!hasSessionHint()) return
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions())
    if (user) throw redirect({ to: '/dashboard' })
  },
  component: LoginPage,
})

function LoginPage() {
  const { err, invite, redirect } = Route.useSearch()
  return invite ? <InviteLogin invite={invite} err={err} /> : <PlainLogin err={err} redirect={redirect} />
}

function LoginNotices({ err, inviteUnavailable }: { err?: string; inviteUnavailable?: boolean }) {
  const authError = getAuthError()
  return (
    <>
      {err === 'login-required' ? <Alert tone="info">Please log in to continue.</Alert> : null}
      {err === 'session-ended' ? (
        <Alert tone="info">Your session ended. Log in again to continue where you were.</Alert>
      ) : null}
      {authError ? (
        <Alert tone="danger">We could not check whether you are logged in: {authError}</Alert>
      ) : null}
      {inviteUnavailable ? (
        <Alert tone="warning">
          This invite is no longer valid: it has been used, has expired or does not exist. Log in below if you
          already have an account, or ask whoever invited you for a new link.
        </Alert>
      ) : null}
    </>
  )
}

function PlainLogin({
  err,
  inviteUnavailable,
  redirect,
}: {
  err?: string | undefined
  inviteUnavailable?: boolean
  redirect?: string | undefined
}) {
  return (
    <AuthCard title="Log in" description="Welcome back. Log in to see your dashboard.">
      <LoginNotices err={err} inviteUnavailable={inviteUnavailable} />
      <LoginForm redirect={redirect} />
    </AuthCard>
  )
}

function InviteLogin({ invite, err }: { invite: string; err?: string | undefined }) {
  const preview = useQuery(invitePreviewQueryOptions(invite))
  if (preview.isPending) {
    return (
      <AuthCard title="Checking your invite">
        <div role="status" className="flex flex-col gap-4">
          <span className="sr-only">Checking your invite…</span>
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
      </AuthCard>
    )
  }
  if (preview.isError) {
    return (
      <AuthCard title="Log in">
        <Alert tone="danger">We could not check this invite: {errorMessage(preview.error)}</Alert>
        <LoginForm />
      </AuthCard>
    )
  }
  if (!preview.data?.available) return <PlainLogin err={err} inviteUnavailable />
  return (
    <AuthCard
      title="Create your account"
      description={`You have been invited to ${BRAND.name}${roleList(preview.data.roles)}. Choose a password to finish.`}
    >
      <CreateAccountForm invite={invite} email={preview.data.email} />
      <p className="text-center text-sm text-ink-muted">
        Already have an account?{' '}
        <Link to="/login" className="inline-flex min-h-11 items-center font-medium">
          Log in
        </Link>
      </p>
    </AuthCard>
  )
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
