import { Link } from '@tanstack/react-router'
import { PageHeader } from './page-header'

/**
 * What a non-admin sees on an admin page: the page's title and a plain refusal, without asking the
 * API (which would answer 403). The server enforces the rule; this only says it (docs/product.md#permissions).
 */
export function AdminsOnlyNotice({
  title,
  heading = 'For admins only',
  text = 'This page is for admins. If you need something changed here, ask an admin.',
}: {
  title: string
  heading?: string
  text?: string
}) {
  return (
    <>
      <PageHeader title={title} />
      <section className="card flex flex-col items-start gap-2 p-6" aria-labelledby="admins-only-heading">
        <h2 id="admins-only-heading" className="text-lg font-semibold">
          {heading}
        </h2>
        <p className="text-ink-muted">{text}</p>
        <Link to="/dashboard" className="font-medium">
          Go to My Dashboard
        </Link>
      </section>
    </>
  )
}
