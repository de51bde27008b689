import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { twoFactorPasswordBodySchema } from '../../../../shared/auth'
import type { CurrentUser } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast'
import { isApiError } from '../../../lib/api-client'
import { zodResolver } from '../../../lib/zod-resolver'
import { currentUserQueryOptions } from '../api/get-current-user'
import { newBackupCodes, startTwoFactor, type TwoFactorSetUp, turnOffTwoFactor } from '../api/two-factor'
import { authErrorMessage, isWrongCurrentPassword } from '../auth-errors'
import { BackupCodes, ScanStep } from './two-factor-set-up'

type Step =
  | { kind: 'idle' }
  | { kind: 'password'; purpose: 'start' | 'codes' | 'off' }
  | ({ kind: 'scan' } & TwoFactorSetUp)

/**
 * /settings "Two-factor authentication": set-up (password, then scan the QR code or type the key,
 * keep the backup codes, confirm with a first code), new backup codes, and turning it off
 * (refused while admins require it of staff).
 */
export function TwoFactorSettings({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient()
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const [codes, setCodes] = useState<string[] | null>(null)
  const enabled = user.twoFactorEnabled === true
  // The current user's query only refetches on request (see useCurrentUser).
  const refresh = () => queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 })
  // Each step replaces the buttons that led to it: the focus goes to the new step (its marked
  // start, or its first field or button), not to the page's top.
  const section = useRef<HTMLElement>(null)
  const showing = codes ? 'codes' : step.kind
  const shown = useRef(showing)
  useEffect(() => {
    if (shown.current === showing) return
    shown.current = showing
    const root = section.current
    const start =
      root?.querySelector<HTMLElement>('[data-step-start]') ?? root?.querySelector('input, button')
    start?.focus()
  }, [showing])

  return (
    <section
      ref={section}
      aria-labelledby="two-factor-heading"
      className="card flex flex-col gap-4 p-4 sm:p-6"
    >
      <div>
        <h2 id="two-factor-heading" className="text-xl font-semibold">
          Two-factor authentication
        </h2>
        <p className="text-ink-muted">
          {enabled
            ? 'On: logging in asks for a code from your authenticator app after your password.'
            : 'Off: logging in needs only your password. Turn it on to ask for a code from an authenticator app too.'}
        </p>
      </div>
      {user.twoFactorRequired ? (
        <Alert tone="warning">
          Your admins require two-factor authentication for staff. Set it up to continue to the workspace.
        </Alert>
      ) : null}
      {codes ? <BackupCodes codes={codes} onDone={() => setCodes(null)} /> : null}
      {step.kind === 'idle' ? (
        <div className="flex flex-wrap gap-3">
          {enabled ? (
            <>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => setStep({ kind: 'password', purpose: 'codes' })}
              >
                New backup codes
              </button>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => setStep({ kind: 'password', purpose: 'off' })}
              >
                Turn off
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setStep({ kind: 'password', purpose: 'start' })}
            >
              Set up two-factor
            </button>
          )}
        </div>
      ) : null}
      {step.kind === 'password' ? (
        <PasswordStep
          purpose={step.purpose}
          onCancel={() => setStep({ kind: 'idle' })}
          onPassword={async (password) => {
            if (step.purpose === 'start') {
              setStep({ kind: 'scan', ...(await startTwoFactor(password)) })
            } else if (step.purpose === 'codes') {
              setCodes((await newBackupCodes(password)).backupCodes)
              setStep({ kind: 'idle' })
              toast('New backup codes made; the old ones no longer work')
            } else {
              await turnOffTwoFactor(password)
              setStep({ kind: 'idle' })
              await refresh()
              toast('Two-factor authentication turned off')
            }
          }}
        />
      ) : null}
      {step.kind === 'scan' ? (
        <ScanStep
          setUp={step}
          onCancel={() => setStep({ kind: 'idle' })}
          onVerified={async () => {
            setCodes(step.backupCodes)
            setStep({ kind: 'idle' })
            await refresh()
            toast('Two-factor authentication is on')
          }}
        />
      ) : null}
    </section>
  )
}

const PURPOSE = {
  start: { label: 'Continue', pending: 'Checking…' },
  codes: { label: 'Make new backup codes', pending: 'Making codes…' },
  off: { label: 'Turn off two-factor', pending: 'Turning off…' },
} as const

function PasswordStep({
  purpose,
  onPassword,
  onCancel,
}: {
  purpose: keyof typeof PURPOSE
  onPassword: (password: string) => Promise<void>
  onCancel: () => void
}) {
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm({
    resolver: zodResolver(twoFactorPasswordBodySchema),
    defaultValues: { password: '' },
  })
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFormError(null)
    try {
      await onPassword(password)
    } catch (error) {
      if (isWrongCurrentPassword(error)) {
        form.setError('password', { message: 'Your password is not correct.' }, { shouldFocus: true })
      } else {
        setFormError(
          isApiError(error, 403)
            ? (error.problem?.detail ?? authErrorMessage(error))
            : authErrorMessage(error),
        )
      }
    }
  })
  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-md flex-col gap-4">
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        registration={form.register('password')}
        error={form.formState.errors.password?.message}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={form.formState.isSubmitting} pendingLabel={PURPOSE[purpose].pending}>
          {PURPOSE[purpose].label}
        </SubmitButton>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
