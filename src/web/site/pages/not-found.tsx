import { BRAND } from '../../../shared/brand'
import type { SitePage } from '../page'

/** The 'Not Found' text (docs/product.md#screens-and-navigation), answered with status 404 for any unknown path. */
export const notFoundPage = (): SitePage => ({
  path: '/404',
  title: `Not Found | ${BRAND.name}`,
  description: 'There is no page at this address.',
  heading: 'Not Found',
  status: 404,
  body: (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-20">
      <h1 className="text-3xl font-bold">Not Found</h1>
      <p className="text-ink-muted">
        There is no page at this address. It may have moved, or the link may be mistyped.
      </p>
      <div className="flex flex-wrap gap-3">
        <a href="/" className="btn btn-primary">
          Go to the home page
        </a>
        <a href="/blog" className="btn btn-secondary">
          Read the blog
        </a>
      </div>
    </div>
  ),
})
