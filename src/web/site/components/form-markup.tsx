import type { ReactNode } from 'react'
import { AlertCircleIcon, InfoIcon, SpinnerIcon } from '../../components/ui/icons'

/**
 * The app's form pieces as static markup, for the prerendered /login (pages/login.tsx): the
 * island (islands/login.ts) finds their ids and `data-` names.
 */

const TONES = {
  danger: { box: 'border-danger/40 bg-danger-soft text-danger', Icon: AlertCircleIcon },
  warning: { box: 'border-warning/40 bg-warning-soft text-warning', Icon: AlertCircleIcon },
  info: { box: 'border-primary/30 bg-primary-soft text-primary-hover', Icon: InfoIcon },
} as const

/** The app's Alert, as markup: `data-text` is the slot for a message only known in the browser. */
export function Alert({ tone, children }: { tone: keyof typeof TONES; children?: ReactNode }) {
  const { box, Icon } = TONES[tone]
  return (
    <div role="alert" className={`flex items-start gap-2.5 rounded-lg border px-4 py-3 text-sm ${box}`}>
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 font-medium">{children}</div>
    </div>
  )
}

/** The app's TextField, as markup: label above, help below, an empty error slot under it. */
export function Field({
  id,
  name,
  label,
  type = 'text',
  autoComplete,
  help,
  inputMode,
  maxLength,
  verbatim = false,
}: {
  id: string
  name: string
  label: string
  type?: 'text' | 'email' | 'password'
  autoComplete: string
  help?: string
  inputMode?: 'numeric'
  maxLength?: number
  /** A code typed exactly as printed: a phone's keyboard neither capitalises nor corrects it. */
  verbatim?: boolean
}) {
  return (
    <div className="flex flex-col gap-1.5" data-field={name}>
      <label htmlFor={id} className="font-medium text-ink" data-label>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        className="field-input"
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        {...(verbatim ? { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } : {})}
        aria-describedby={help ? `${id}-help` : undefined}
      />
      {help ? (
        <p id={`${id}-help`} className="text-sm text-ink-muted" data-help>
          {help}
        </p>
      ) : null}
      <p id={`${id}-error`} className="flex items-start gap-1.5 text-sm font-medium text-danger" hidden>
        <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
        <span />
      </p>
    </div>
  )
}

/** The app's SubmitButton: the spinner shows, and the words change, while the form is sending. */
export function SubmitButton({ children, pendingLabel }: { children: string; pendingLabel: string }) {
  return (
    <button
      type="submit"
      className="btn btn-primary w-full"
      data-idle-label={children}
      data-pending-label={pendingLabel}
    >
      <span className="contents" data-spinner hidden>
        <SpinnerIcon className="size-4" />
      </span>
      <span>{children}</span>
    </button>
  )
}

/** A bar standing in for a field while the island decides. */
export function Skeleton() {
  return <div className="skeleton h-11 w-full" aria-hidden="true" />
}
