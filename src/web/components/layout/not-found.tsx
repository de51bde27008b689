import { BRAND } from '../../../shared/brand'
import { usePageTitle } from '../../lib/use-page-title'

/**
 * The 'Not Found' page (docs/product.md#screens-and-navigation) for paths the app's router does not know. The server answers unknown
 * paths with the prerendered twin of this page (src/web/site/pages/not-found.tsx) and status 404.
 * Home is the prerendered public site: a plain link, not a router link.
 */
export function NotFound() {
  usePageTitle('Not Found')
  return (
    <div className="flex min-h-dvh flex-col bg-surface-warm">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-6xl items-center px-4 py-3">
          <a href="/" className="py-2 text-lg font-bold text-ink no-underline">
            {BRAND.name}
          </a>
        </div>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-xl flex-1 flex-col items-start gap-4 px-4 py-16">
        <h1 className="text-3xl font-bold">Not Found</h1>
        <p className="text-ink-muted">
          There is no page at this address. It may have moved, or the link may be mistyped.
        </p>
        <a href="/" className="btn btn-primary">
          Go to the home page
        </a>
      </main>
    </div>
  )
}
