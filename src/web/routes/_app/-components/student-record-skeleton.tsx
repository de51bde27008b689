import { Skeleton } from '../../../components/ui/skeleton'

// Kept apart from student-record.tsx: routes' pending components stay in the app shell, the
// record's sections must not (they load with the page that shows them).
/** The record's shape while it loads: never a blank page. */
export function StudentRecordSkeleton() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-6">
      <span className="sr-only">Loading the student record…</span>
      {[0, 1].map((key) => (
        <div key={key} className="card flex flex-col gap-4 p-6">
          <Skeleton className="h-7 w-40" />
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ))}
    </div>
  )
}
