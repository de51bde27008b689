import type { ErrorComponentProps } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { usePageTitle } from '../../lib/use-page-title'

/** The generic fallback (docs/product.md#screens-and-navigation): 'Something went wrong!' and a Show/Hide Error toggle. */
export function ErrorFallback({ error }: ErrorComponentProps) {
  const [shown, setShown] = useState(false)
  const detailsId = useId()
  usePageTitle('Something went wrong!')
  return (
    <div className="card mx-auto my-8 flex max-w-xl flex-col items-start gap-4 p-6">
      <h1 className="text-2xl font-bold">Something went wrong!</h1>
      <p className="text-ink-muted">
        Reload the page to try again. If it keeps happening, tell us what you were doing.
      </p>
      <button
        type="button"
        className="btn btn-secondary"
        aria-expanded={shown}
        aria-controls={detailsId}
        onClick={() => setShown((value) => !value)}
      >
        {shown ? 'Hide Error' : 'Show Error'}
      </button>
      <pre
        id={detailsId}
        hidden={!shown}
        className="w-full overflow-x-auto whitespace-pre-wrap rounded-lg bg-surface-sunken p-3 text-sm text-danger"
      >
        {error instanceof Error ? error.message : String(error)}
      </pre>
    </div>
  )
}

/** The fallback where no layout supplies a `<main>`: root and layout routes. */
export function StandaloneErrorFallback(props: ErrorComponentProps) {
  return (
    <main id="main" className="px-4">
      <ErrorFallback {...props} />
    </main>
  )
}
