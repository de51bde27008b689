import type { ReactNode } from 'react'
import { AlertCircleIcon, CheckCircleIcon, InfoIcon } from './icons'

const tones = {
  danger: { box: 'border-danger/40 bg-danger-soft text-danger', Icon: AlertCircleIcon },
  warning: { box: 'border-warning/40 bg-warning-soft text-warning', Icon: AlertCircleIcon },
  success: { box: 'border-success/40 bg-success-soft text-success', Icon: CheckCircleIcon },
  info: { box: 'border-primary/30 bg-primary-soft text-primary-hover', Icon: InfoIcon },
} as const

interface AlertProps {
  tone: keyof typeof tones
  children: ReactNode
  /** `alert` interrupts a screen reader; `status` waits its turn. */
  role?: 'alert' | 'status'
}

export function Alert({ tone, children, role = 'alert' }: AlertProps) {
  const { box, Icon } = tones[tone]
  return (
    <div role={role} className={`flex items-start gap-2.5 rounded-lg border px-4 py-3 text-sm ${box}`}>
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 font-medium">{children}</div>
    </div>
  )
}
