import type { UseInfiniteQueryResult } from '@tanstack/react-query'
import { errorMessage } from '../../lib/api-client'
import { Alert } from './alert'
import { SpinnerIcon } from './icons'

type PagedQuery = Pick<
  UseInfiniteQueryResult,
  'hasNextPage' | 'fetchNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'error'
>

/**
 * A paged list's footer: a status line saying what is shown, the "Load more …" button while
 * another page exists, and the next page's error.
 */
export function LoadMore({ query, status, label }: { query: PagedQuery; status: string; label: string }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm text-ink-muted">
          {status}
        </p>
        {query.hasNextPage ? (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            aria-disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? <SpinnerIcon className="size-4" /> : null}
            {label}
          </button>
        ) : null}
      </div>
      {query.isFetchNextPageError ? (
        <Alert tone="danger">The next page could not be loaded: {errorMessage(query.error)}</Alert>
      ) : null}
    </>
  )
}
