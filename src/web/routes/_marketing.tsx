import { createFileRoute, Outlet, useRouterState } from '@tanstack/react-router'
import { StandaloneErrorFallback } from '../components/layout/error-fallback'
import { SiteFooter } from '../site/components/site-footer'
import { SiteHeader } from '../site/components/site-header'

export const Route = createFileRoute('/_marketing')({
  component: MarketingLayout,
  errorComponent: StandaloneErrorFallback,
})

/** The public site's header and footer around the password pages (docs/product.md#screens-and-navigation); /login is prerendered (ADR 036). */
function MarketingLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader currentPath={pathname} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter year={new Date().getFullYear()} />
    </div>
  )
}
