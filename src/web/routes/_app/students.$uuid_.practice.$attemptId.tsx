import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useRef } from 'react'
import { PRACTICE_SECTIONS, type PracticeSection } from '../../../shared/practice-layouts'
import { MissingResource } from '../../components/layout/missing-resource'
import { PageHeader } from '../../components/layout/page-header'
import { PageLoadError } from '../../components/layout/page-load-error'
import { ListSkeleton, Skeleton } from '../../components/ui/skeleton'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { attemptQueryOptions } from '../../features/practice/api'
import { AnswerSheet } from '../../features/practice/components/answer-sheet'
import { AttemptResults } from '../../features/practice/components/attempt-results'
import { studentQueryOptions } from '../../features/students/api/get-student'
import { canAnswerPractice, recordAccess } from '../../lib/record-access'
import { ensurePageData } from '../../lib/route-data'
import { oneOf } from '../../lib/search-params'
import { useReveal } from '../../lib/use-reveal'

/**
 * One practice attempt (docs/product.md#practice-tests): the answer sheet while it is open (the
 * student, or staff entering a paper sheet), the results and the review once submitted. The
 * section shown and the review's filter are in the address, so a reload or a link keeps them.
 */
export const Route = createFileRoute('/_app/students/$uuid_/practice/$attemptId')({
  validateSearch: (search: Record<string, unknown>): { section?: PracticeSection; review?: 'misses' } => ({
    section: oneOf(PRACTICE_SECTIONS, search.section),
    review: oneOf(['misses'] as const, search.review),
  }),
  loader: ({ context, params }) =>
    Promise.all([
      ensurePageData(context.queryClient, studentQueryOptions(params.uuid)),
      ensurePageData(context.queryClient, attemptQueryOptions(params.uuid, params.attemptId)),
    ]),
  component: PracticeAttemptPage,
  pendingComponent: PracticePending,
  errorComponent: (props) => (
    <PageLoadError {...props} title="Practice test" text="Could not load this practice test" />
  ),
  notFoundComponent: () => (
    <MissingResource
      title="Practice test not found"
      back={{ to: '/dashboard', label: 'Back to my dashboard' }}
    >
      There is no practice test at this address, or it is not shared with you.
    </MissingResource>
  ),
})

function PracticeAttemptPage() {
  const { uuid, attemptId } = Route.useParams()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data: student } = useSuspenseQuery(studentQueryOptions(uuid))
  const { data: attempt } = useSuspenseQuery(attemptQueryOptions(uuid, attemptId))
  const viewer = useCurrentUser()
  const access = recordAccess(viewer, student)
  const submitted = attempt.status === 'submitted'
  // Submitted here, on this page: the results open at their top, where the score is, with focus
  // there, not at the scroll position of the sheet's submit button.
  const openWhenShown = useRef(!submitted)
  const header = useReveal<HTMLDivElement>(submitted && openWhenShown.current)
  const mayAnswer = canAnswerPractice(access)
  const onBehalf = viewer.uuid !== student.uuid
  const name = student.name || 'the student'
  return (
    <>
      <Link
        to="/students/$uuid"
        params={{ uuid }}
        search={{ section: 'practice' }}
        className="btn btn-quiet btn-small -ml-3 mb-2 self-start"
      >
        ← {onBehalf ? `${name}'s practice tests` : 'My practice tests'}
      </Link>
      <div ref={header} tabIndex={-1} className="scroll-mt-28 outline-none lg:scroll-mt-16">
        <PageHeader
          title={submitted ? `${attempt.form.name}: results` : attempt.form.name}
          description={
            submitted
              ? `${onBehalf ? `Practice ${attempt.form.test} for ${name}` : `Your practice ${attempt.form.test}`}: the score, the skills and every question.`
              : !mayAnswer
                ? `Practice ${attempt.form.test} for ${name}, not submitted yet.`
                : onBehalf
                  ? `Practice ${attempt.form.test} for ${name}. Each answer is saved as it is entered.`
                  : `Practice ${attempt.form.test}. Each answer is saved as you give it; you can stop and come back on any device.`
          }
        />
      </div>
      {submitted ? (
        <AttemptResults
          attempt={attempt}
          onlyMisses={search.review === 'misses'}
          onOnlyMisses={(only) =>
            navigate({
              search: (prev) => ({ ...prev, review: only ? 'misses' : undefined }),
              replace: true,
              resetScroll: false,
            })
          }
        />
      ) : mayAnswer ? (
        <AnswerSheet
          studentUuid={uuid}
          attempt={attempt}
          section={search.section}
          onSection={(section) => navigate({ search: (prev) => ({ ...prev, section }), replace: true })}
          onBehalf={onBehalf}
        />
      ) : (
        <p className="card p-4 text-ink-muted sm:p-6">
          {name} has not submitted this test yet. The score, the review and the skills show here once it is
          submitted.
        </p>
      )}
    </>
  )
}

function PracticePending() {
  return (
    <>
      <div className="mb-6 flex flex-col gap-2">
        <Skeleton className="h-9 w-64 max-w-full" />
        <Skeleton className="h-5 w-80 max-w-full" />
      </div>
      <div className="card p-4 sm:p-6">
        <ListSkeleton
          label="Loading the practice test…"
          rows={['h-11 w-full', 'h-11 w-full', 'h-11 w-full']}
        />
      </div>
    </>
  )
}
