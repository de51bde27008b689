import { useRouterState } from '@tanstack/react-router'

/** A thin bar at the top while the router loads the next page (docs/product.md#look-and-accessibility). */
export function NavigationProgress() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' })
  if (!loading) return null
  return (
    <div className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden" aria-hidden="true">
      <div className="progress-bar h-full origin-left bg-accent" />
    </div>
  )
}
