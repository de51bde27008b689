import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { usePageTitle } from '../../lib/use-page-title'

/**
 * A 404 from the API inside the app: the thing does not exist or is not shared with this viewer
 * (docs/product.md#permissions answers both the same way). A page of its own, not a crash.
 */
export function MissingResource({
  title,
  children,
  back,
}: {
  title: string
  children: ReactNode
  back: { to: LinkProps['to']; label: string }
}) {
  usePageTitle(title)
  return (
    <div className="card mx-auto my-8 flex max-w-xl flex-col items-start gap-3 p-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-ink-muted">{children}</p>
      <Link to={back.to} className="font-medium">
        {back.label}
      </Link>
    </div>
  )
}
