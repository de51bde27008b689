import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { formatPlainDate, formatTimestamp } from '../../../../shared/dates'
import type { PracticeAttempt } from '../../../../shared/practice'
import { kindOf } from '../../../../shared/record-rules'
import type { Student } from '../../../../shared/students'
import { Alert } from '../../../components/ui/alert'
import { lazyDialog } from '../../../components/ui/lazy-dialog'
import { ListSkeleton } from '../../../components/ui/skeleton'
import { errorMessage } from '../../../lib/api-client'
import { canAnswerPractice, canAssignPractice, type RecordAccess } from '../../../lib/record-access'
import { attemptsQueryOptions } from '../api'
import { STATUS_WORDS, scoreParts } from '../practice-words'
import { SkillsCard } from './skills-card'

const AssignDialog = lazyDialog(() => import('./assign-dialog').then((module) => module.AssignDialog))

interface PracticeSectionProps {
  student: Student
  access: RecordAccess
}

/**
 * The record's "Practice tests": each attempt with its status, due date and, once submitted, its
 * scores; the way to the answer sheet or the results; "Assign a practice test" for the team; then
 * the skills the attempts show (docs/product.md#practice-tests).
 */
export function PracticeSection({ student, access }: PracticeSectionProps) {
  const attempts = useQuery(attemptsQueryOptions(student.uuid))
  const [assigning, setAssigning] = useState(false)
  const list = attempts.data?.attempts ?? []
  const mayAssign = canAssignPractice(access)
  return (
    <>
      <section aria-labelledby="practice-heading" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="practice-heading" tabIndex={-1} className="text-xl font-semibold outline-none">
            Practice tests
          </h2>
          {mayAssign ? (
            <button type="button" className="btn btn-secondary btn-small" onClick={() => setAssigning(true)}>
              Assign a practice test
            </button>
          ) : null}
        </div>
        {attempts.isPending ? (
          <ListSkeleton label="Loading practice tests…" rows={['h-5 w-56', 'h-5 w-40', 'h-5 w-48']} />
        ) : attempts.isError ? (
          <Alert tone="danger">The practice tests could not be loaded: {errorMessage(attempts.error)}</Alert>
        ) : list.length === 0 ? (
          <p className="text-ink-muted">
            No practice tests yet.{' '}
            {mayAssign
              ? 'Assign a full-length SAT or ACT form'
              : 'The team assigns full-length SAT and ACT forms'}
            : the answer sheet works on a phone, and the score, a review of every question and the skills
            missed show here once it is submitted.
          </p>
        ) : (
          <ul aria-labelledby="practice-heading" className="flex flex-col divide-y divide-line">
            {list.map((attempt) => (
              <AttemptItem key={attempt.uuid} attempt={attempt} student={student} access={access} />
            ))}
          </ul>
        )}
        {mayAssign ? (
          <AssignDialog student={student} open={assigning} onClose={() => setAssigning(false)} />
        ) : null}
      </section>
      <SkillsCard student={student} />
    </>
  )
}

function AttemptItem({
  attempt,
  student,
  access,
}: {
  attempt: PracticeAttempt
  student: Student
  access: RecordAccess
}) {
  const submitted = attempt.status === 'submitted'
  const scores = scoreParts(attempt)
  const self = kindOf(access) === 'self'
  const action = submitted
    ? 'See results'
    : !canAnswerPractice(access)
      ? null
      : self
        ? attempt.status === 'assigned'
          ? 'Take the test'
          : 'Continue'
        : 'Enter answers'
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-1 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium break-words">
          {attempt.form.name}{' '}
          <span className="rounded bg-accent-soft px-1.5 text-sm font-semibold text-accent-ink">
            Practice
          </span>
        </p>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-ink-muted">
          <span className={submitted ? 'font-semibold text-success' : 'font-semibold text-ink'}>
            {STATUS_WORDS[attempt.status]}
          </span>
          <span>{attempt.form.test === 'ACT' ? `ACT (${attempt.form.format})` : 'SAT'}</span>
          {submitted && attempt.submittedAt ? (
            <span>{formatTimestamp(attempt.submittedAt)}</span>
          ) : attempt.dueDate ? (
            <span>Due {formatPlainDate(attempt.dueDate)}</span>
          ) : (
            <span>No due date</span>
          )}
        </p>
        {scores ? (
          <p className="flex flex-wrap gap-x-1 tabular-nums">
            {scores.map((part, index) => (
              // The dot ends a part, so that a line wrapped on a phone starts with a score, not a dot.
              <span key={part} className="whitespace-nowrap">
                {part}
                {index < scores.length - 1 ? ' ·' : ''}
              </span>
            ))}
          </p>
        ) : null}
      </div>
      {action ? (
        <Link
          to="/students/$uuid/practice/$attemptId"
          params={{ uuid: student.uuid, attemptId: attempt.uuid }}
          className={`btn btn-small shrink-0 self-start sm:self-center ${submitted ? 'btn-secondary' : 'btn-primary'}`}
          aria-label={`${action}: ${attempt.form.name}`}
        >
          {action}
        </Link>
      ) : null}
    </li>
  )
}
