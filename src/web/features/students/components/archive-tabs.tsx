import { Link } from '@tanstack/react-router'

const tabClass =
  'btn btn-secondary btn-small data-[status=active]:border-primary data-[status=active]:bg-primary-soft data-[status=active]:text-primary-hover'

/** Active / Archived as two links to the same page (`?archived=true`), with optional counts. */
export function ArchiveTabs({
  to,
  counts,
}: {
  to: '/students' | '/admin/students'
  counts?: { active: number; archived: number } | null
}) {
  return (
    <nav aria-label="Which students" className="mb-4 flex gap-2">
      {/* exact: the whole search must match, so only one of the two is the current page. */}
      <Link to={to} search={{}} className={tabClass} activeOptions={{ exact: true }}>
        Active{counts ? ` (${counts.active})` : ''}
      </Link>
      <Link to={to} search={{ archived: true }} className={tabClass} activeOptions={{ exact: true }}>
        Archived{counts ? ` (${counts.archived})` : ''}
      </Link>
    </nav>
  )
}
