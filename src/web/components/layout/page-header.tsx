import { usePageTitle } from '../../lib/use-page-title'

/** A page's one `<h1>` (also its document title) and its one-line description. */
export function PageHeader({ title, description }: { title: string; description?: string }) {
  usePageTitle(title)
  return (
    <header className="mb-6 flex flex-col gap-1">
      {/* Names are people's own words: a long one wraps anywhere rather than widen a phone screen. */}
      <h1 className="text-3xl font-bold tracking-tight text-ink [overflow-wrap:anywhere]">{title}</h1>
      {description ? <p className="text-ink-muted [overflow-wrap:anywhere]">{description}</p> : null}
    </header>
  )
}
