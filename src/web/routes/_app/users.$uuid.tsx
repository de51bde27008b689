import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { MissingResource } from '../../components/layout/missing-resource'
import { PageHeader } from '../../components/layout/page-header'
import { PageLoadError } from '../../components/layout/page-load-error'
import { Skeleton } from '../../components/ui/skeleton'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { userProfileQueryOptions } from '../../features/students/api/get-user-profile'
import { recordSectionSearch } from '../../lib/record-sections'
import { ensurePageData } from '../../lib/route-data'
import { StudentRecord } from './-components/student-record'

export const Route = createFileRoute('/_app/users/$uuid')({
  validateSearch: recordSectionSearch,
  loader: async ({ context, params, location }) => {
    const profile = await ensurePageData(context.queryClient, userProfileQueryOptions(params.uuid))
    // The chosen section's code too, so the page renders (and hydrates) it with the rest.
    const { section } = recordSectionSearch(location.search)
    const { student } = profile
    if (student)
      await import('./-components/student-record').then((record) =>
        record.preloadRecordSection(context.user, student, section),
      )
    return profile
  },
  component: UserProfilePage,
  pendingComponent: ProfileSkeleton,
  errorComponent: (props) => (
    <PageLoadError {...props} title="User profile" text="Could not load this profile" />
  ),
  notFoundComponent: ProfileNotFound,
})

function UserProfilePage() {
  const { uuid } = Route.useParams()
  const viewer = useCurrentUser()
  const { name, roles, bio, student } = useSuspenseQuery(userProfileQueryOptions(uuid)).data
  return (
    <>
      <PageHeader title={name || 'Unnamed user'} description={roles.join(' · ') || 'No role yet'} />
      <div className="flex flex-col gap-6">
        {bio !== undefined ? (
          <section aria-labelledby="about-heading" className="card flex flex-col gap-3 p-4 sm:p-6">
            <h2 id="about-heading" className="text-xl font-semibold">
              About
            </h2>
            <p className="max-w-prose whitespace-pre-line">{bio || 'No bio yet.'}</p>
          </section>
        ) : null}
        {student ? (
          <p>
            <Link to="/students/$uuid" params={{ uuid }} className="font-medium">
              Open {name || 'this student'}’s record page
            </Link>
          </p>
        ) : null}
        {student ? <StudentRecord student={student} viewer={viewer} /> : null}
      </div>
    </>
  )
}

function ProfileSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">Loading the profile…</span>
      <Skeleton className="h-9 w-64 max-w-full" />
      <Skeleton className="h-5 w-40" />
      <Skeleton className="mt-4 h-32 w-full" />
    </div>
  )
}

function ProfileNotFound() {
  return (
    <MissingResource title="User not found" back={{ to: '/dashboard', label: 'Back to My Dashboard' }}>
      There is no one at this address, or their profile is not shared with you: you can see yourself, the
      students whose team you are on, and the people on those teams.
    </MissingResource>
  )
}
