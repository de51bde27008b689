import { Skeleton } from '../../../components/ui/skeleton'

// Kept apart from student-record.tsx: routes' pending components stay in the app shell, the
// record's sections must not (they load with the page that shows them).
/** The record's shape while it loads (the overview, the section bar, a section): never a blank page. */
export function StudentRecordSkeleton() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-6">
      <span className="sr-only">Loading the student record…</span>
      <div className="card flex flex-col gap-4 p-4 sm:p-6">
        <Skeleton className="h-7 w-56 max-w-full" />
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className={`h-20 ${key > 1 ? 'col-span-2 lg:col-span-1' : ''}`} />
          ))}
        </div>
        <Skeleton className="h-5 w-64 max-w-full" />
      </div>
      <Skeleton className="h-11 w-full" />
      <div className="card flex flex-col gap-4 p-4 sm:p-6">
        <Skeleton className="h-7 w-40" />
        <Skeleton className="h-48 w-full" />
      </div>
    </div>
  )
}
