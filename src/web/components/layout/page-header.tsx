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

/** The honest placeholder for a screen a later release fills in. */
export function ComingLater({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <section className="card p-6" aria-labelledby="coming-later-heading">
        <h2 id="coming-later-heading" className="text-lg font-semibold">
          Not here yet
        </h2>
        <p className="mt-1 text-ink-muted">This screen arrives in a later release.</p>
      </section>
    </>
  )
}
