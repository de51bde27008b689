import { useSuspenseQuery } from '@tanstack/react-query'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'
import { type Inquiry, serviceLabel } from '../../../../shared/contact'
import { formatTimestamp } from '../../../../shared/dates'
import { ErrorFallback } from '../../../components/layout/error-fallback'
import { PageHeader } from '../../../components/layout/page-header'
import { isLoadError } from '../../../components/layout/page-load-error'
import { Alert } from '../../../components/ui/alert'
import { PageSkeleton } from '../../../components/ui/skeleton'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { inquiriesQueryOptions } from '../api/get-inquiries'
import { useUpdateInquiry } from '../api/update-inquiry'

const DESCRIPTION = 'Messages from the contact form, newest first.'

function InquiriesFrame({
  description = DESCRIPTION,
  children,
}: {
  description?: string
  children: ReactNode
}) {
  return (
    <>
      <PageHeader title="Inquiries" description={description} />
      {children}
    </>
  )
}

/** /admin/inquiries: what people sent through the public contact form, newest first (ADR 015). */
export function InquiriesPage() {
  const inquiries = useSuspenseQuery(inquiriesQueryOptions()).data
  const open = inquiries.filter((inquiry) => !inquiry.handledAt).length
  return (
    <InquiriesFrame description={`${DESCRIPTION} ${open} waiting for a reply.`}>
      {inquiries.length === 0 ? (
        <section className="card p-6" aria-labelledby="no-inquiries-heading">
          <h2 id="no-inquiries-heading" className="text-lg font-semibold">
            No inquiries yet
          </h2>
          <p className="mt-1 text-ink-muted">
            Messages sent through the contact form on the public site appear here, and are emailed to the
            contact address as they arrive.
          </p>
        </section>
      ) : (
        <ul className="flex flex-col gap-4">
          {inquiries.map((inquiry) => (
            <InquiryCard key={inquiry.id} inquiry={inquiry} />
          ))}
        </ul>
      )}
    </InquiriesFrame>
  )
}

export function InquiriesPending() {
  return (
    <InquiriesFrame>
      <PageSkeleton />
    </InquiriesFrame>
  )
}

export function InquiriesError(props: ErrorComponentProps) {
  if (!isLoadError(props.error)) return <ErrorFallback {...props} />
  return (
    <InquiriesFrame>
      <Alert tone="danger">
        {props.error instanceof ApiError && props.error.status === 403
          ? 'Inquiries are for admins only.'
          : `The inquiries could not be loaded: ${errorMessage(props.error)}`}
      </Alert>
    </InquiriesFrame>
  )
}

function InquiryCard({ inquiry }: { inquiry: Inquiry }) {
  const update = useUpdateInquiry()
  const [announcement, setAnnouncement] = useState('')
  const headingId = `inquiry-${inquiry.id}`
  const handled = Boolean(inquiry.handledAt)
  const toggle = () =>
    update.mutate(
      { id: inquiry.id, handled: !handled },
      { onSuccess: () => setAnnouncement(handled ? 'Marked open again' : 'Marked handled') },
    )
  return (
    <li className="card p-5" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-ink">
            {inquiry.name}
          </h2>
          <p className="text-sm text-ink-muted">
            {serviceLabel(inquiry.service)} · received {formatTimestamp(inquiry.createdAt)}
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${
            handled ? 'bg-success-soft text-success' : 'bg-accent-soft text-accent-ink'
          }`}
        >
          {handled ? 'Handled' : 'Open'}
        </span>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-ink-muted">Email</dt>
        <dd>
          <a href={`mailto:${inquiry.email}`}>{inquiry.email}</a>
        </dd>
        <dt className="font-semibold text-ink-muted">Phone</dt>
        <dd>
          {inquiry.phone ? (
            <a href={`tel:${inquiry.phone.replace(/[^\d+]/g, '')}`}>{inquiry.phone}</a>
          ) : (
            'Not given'
          )}
        </dd>
      </dl>
      <p className="mt-3 whitespace-pre-wrap break-words rounded-lg bg-surface-warm p-3 text-ink">
        {inquiry.message}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={handled ? 'btn btn-secondary' : 'btn btn-primary'}
          onClick={toggle}
          disabled={update.isPending}
          aria-disabled={update.isPending}
        >
          {update.isPending ? 'Saving…' : handled ? 'Mark as open' : 'Mark handled'}
          <span className="sr-only"> ({inquiry.name})</span>
        </button>
        {handled && inquiry.handledAt ? (
          <p className="text-sm text-ink-muted">
            Handled{inquiry.handledBy?.name ? ` by ${inquiry.handledBy.name}` : ''} on{' '}
            {formatTimestamp(inquiry.handledAt)}
          </p>
        ) : null}
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </div>
      {update.isError ? (
        <div className="mt-3">
          <Alert tone="danger">Could not save: {errorMessage(update.error)}</Alert>
        </div>
      ) : null}
    </li>
  )
}
