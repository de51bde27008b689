import type { ErrorComponentProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { ApiError, errorMessage, ResponseValidationError } from '../../lib/api-client'
import { Alert } from '../ui/alert'
import { ErrorFallback } from './error-fallback'
import { PageHeader } from './page-header'

/** Errors from fetching a page's data (an answer, a malformed answer, no connection), not bugs. */
export const isLoadError = (error: unknown) =>
  error instanceof ApiError || error instanceof ResponseValidationError || error instanceof TypeError

/**
 * A route's errorComponent when its data did not load: the page's title and `text: <reason>`
 * where the page would be. Any other error is the generic fallback.
 */
export function PageLoadError({
  title,
  text,
  error,
  reset,
  info,
  children,
}: ErrorComponentProps & { title: string; text: string; children?: ReactNode }) {
  if (!isLoadError(error)) return <ErrorFallback error={error} reset={reset} info={info} />
  return (
    <>
      <PageHeader title={title} />
      <Alert tone="danger">
        {text}: {errorMessage(error)}
      </Alert>
      {children}
    </>
  )
}
