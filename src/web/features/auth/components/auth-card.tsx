import type { ReactNode } from 'react'
import { usePageTitle } from '../../../lib/use-page-title'

/** The narrow card every sign-in screen sits in, with the page's one `<h1>`. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children: ReactNode
}) {
  usePageTitle(title)
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-ink-muted">{description}</p> : null}
        <div className="mt-6 flex flex-col gap-5">{children}</div>
      </div>
    </div>
  )
}
