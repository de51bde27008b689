import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { totpCodeField } from '../../../../shared/auth'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast'
import { isApiError } from '../../../lib/api-client'
import { zodResolver } from '../../../lib/zod-resolver'
import { type TwoFactorSetUp, verifyTotp } from '../api/two-factor'
import { authErrorMessage } from '../auth-errors'

const codeFormSchema = z.object({ code: totpCodeField })

/** The QR code (drawn by the qrcode library, loaded only now), the key to type instead, and the first code. */
export function ScanStep({
  setUp,
  onVerified,
  onCancel,
}: {
  setUp: TwoFactorSetUp
  onVerified: () => Promise<void>
  onCancel: () => void
}) {
  const [qr, setQr] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    import('qrcode')
      .then(({ toDataURL }) => toDataURL(setUp.totpURI, { margin: 1, width: 200 }))
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(null))
    return () => {
      live = false
    }
  }, [setUp.totpURI])
  const key = new URL(setUp.totpURI).searchParams.get('secret') ?? ''
  const form = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } })
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await verifyTotp(code)
      await onVerified()
    } catch (error) {
      form.setError(
        'code',
        {
          message: isApiError(error, 401)
            ? 'That code is not right. Check the time on your phone and try again.'
            : authErrorMessage(error),
        },
        { shouldFocus: true },
      )
    }
  })
  return (
    <div className="flex flex-col gap-4 outline-none" tabIndex={-1} data-step-start>
      <ol className="flex list-decimal flex-col gap-2 pl-5">
        <li>
          Open an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password).
        </li>
        <li>
          Scan this QR code, or copy the key below into the app. On this phone, “Open in authenticator app”
          does it for you.
        </li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      {qr ? (
        <img
          src={qr}
          alt="QR code for your authenticator app"
          width={200}
          height={200}
          className="rounded border border-line"
        />
      ) : (
        <div className="size-[200px] rounded border border-line bg-surface-sunken" aria-hidden="true" />
      )}
      <SetUpKey uri={setUp.totpURI} secret={key} />
      <form noValidate onSubmit={onSubmit} className="flex max-w-md flex-col gap-4">
        <TextField
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          registration={form.register('code')}
          error={form.formState.errors.code?.message}
        />
        <div className="flex flex-wrap gap-3">
          <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Checking…">
            Turn on two-factor
          </SubmitButton>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  )
}

/**
 * The key to type or paste instead of scanning: groups of four that never break across lines, a
 * copy button, and the `otpauth://` link that opens an authenticator app on this same phone.
 */
function SetUpKey({ uri, secret }: { uri: string; secret: string }) {
  const groups = secret.match(/.{1,4}/g) ?? []
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret)
      toast('Key copied')
    } catch {
      toast('Copy it by hand: select the key')
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium">Key</p>
      <code className="flex w-fit max-w-full flex-wrap gap-x-2 gap-y-1 rounded bg-surface-sunken px-2 py-1.5 font-mono text-base">
        {groups.map((group, index) => (
          // Groups repeat (the key is random): the position is the identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list that never reorders
          <span key={index} className="whitespace-nowrap">
            {group}
          </span>
        ))}
      </code>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-secondary btn-small" onClick={copy}>
          Copy key
        </button>
        <a href={uri} className="btn btn-secondary btn-small">
          Open in authenticator app
        </a>
      </div>
    </div>
  )
}

/** Shown once: the person copies or writes them down; each lets them in once without the phone. */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      toast('Backup codes copied')
    } catch {
      toast('Copy them by hand: select the list')
    }
  }
  return (
    <section
      className="flex flex-col gap-3 rounded border border-line bg-surface-warm p-4 outline-none"
      aria-labelledby="backup-codes-heading"
      tabIndex={-1}
      data-step-start
    >
      <h3 id="backup-codes-heading" className="font-semibold">
        Your backup codes
      </h3>
      <p className="text-sm text-ink-muted">
        Keep these somewhere safe. Each one logs you in once if you do not have your phone. They are shown
        only now.
      </p>
      <ul className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn btn-secondary btn-small" onClick={copy}>
          Copy codes
        </button>
        <button type="button" className="btn btn-secondary btn-small" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </section>
  )
}
