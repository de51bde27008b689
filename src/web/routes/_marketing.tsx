import { createFileRoute, Link, Outlet, useRouterState } from '@tanstack/react-router'
import { BRAND } from '../../shared/brand'
import { StandaloneErrorFallback } from '../components/layout/error-fallback'

export const Route = createFileRoute('/_marketing')({
  component: MarketingLayout,
  errorComponent: StandaloneErrorFallback,
})

function MarketingLayout() {
  const onLoginPage = useRouterState({ select: (state) => state.location.pathname === '/login' })
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2 sm:px-6">
          <Link to="/" className="flex min-h-11 items-center gap-2 text-lg font-bold text-ink no-underline">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            {BRAND.name}
          </Link>
          {onLoginPage ? null : (
            <nav aria-label="Site">
              <Link to="/login" className="btn btn-secondary">
                Log in
              </Link>
            </nav>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <footer className="border-t border-line bg-surface">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {new Date().getFullYear()} {BRAND.name}
          </p>
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-1">
            <li>
              <a href={`mailto:${BRAND.email}`} className="inline-flex min-h-11 items-center">
                {BRAND.email}
              </a>
            </li>
            <li>
              <a
                href={`tel:${BRAND.phone.replace(/[^\d+]/g, '')}`}
                className="inline-flex min-h-11 items-center"
              >
                {BRAND.phone}
              </a>
            </li>
            <li>
              {/* Plain link: the legal page arrives with the public site. */}
              <a href="/legal" className="inline-flex min-h-11 items-center">
                Legal
              </a>
            </li>
          </ul>
        </div>
      </footer>
    </div>
  )
}
