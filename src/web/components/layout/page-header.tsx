import { usePageTitle } from '../../lib/use-page-title'

/** A page's one `<h1>` (also its document title) and its one-line description. */
export function PageHeader({ title, description }: { title: string; description?: string }) {
  usePageTitle(title)
  return (
    <header className="mb-6 flex flex-col gap-1">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
      {description ? <p className="text-ink-muted">{description}</p> : null}
    </header>
  )
}
