import { Link } from '@tanstack/react-router'
import { BRAND } from '../../../../shared/brand'
import type { GuardianCard } from '../../../../shared/screens'
import { MarkdownView } from '../../../components/ui/markdown-view'
import { NoteMeta } from '../../../features/notes/components/note-meta'
import { Superscore } from '../../../features/scores/components/superscore'
import { TESTS } from '../../../features/scores/score-tests'
import { LatestScore } from '../../../features/students/components/staff-students'

/** A guardian's dashboard: one card per linked student, with the newest scores and shared note. */
export function GuardianStudents({ cards }: { cards: GuardianCard[] }) {
  return (
    <section aria-labelledby="family-students-heading" className="flex min-w-0 flex-col gap-4">
      <h2 id="family-students-heading" className="text-xl font-semibold">
        Your family
      </h2>
      {cards.length === 0 ? (
        <div className="card p-4 sm:p-6">
          <p className="text-ink-muted">
            No student is linked to your account right now. The link may have been removed, or not made yet: a
            student's coach or an admin links parents and guardians from the student's page. If you expected
            to see your child here, ask their coach, or write to us at{' '}
            <a href={`mailto:${BRAND.email}`}>{BRAND.email}</a>.
          </p>
        </div>
      ) : (
        <ul className="grid gap-6 lg:grid-cols-2">
          {cards.map((card) => (
            <li key={card.student.uuid} className="min-w-0">
              <StudentCard card={card} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function StudentCard({ card }: { card: GuardianCard }) {
  const { student } = card
  const name = student.name || 'Unnamed student'
  const headingId = `family-card-${student.uuid}`
  const note = card.newestSharedNote
  return (
    <article aria-labelledby={headingId} className="card flex h-full min-w-0 flex-col gap-4 p-4 sm:p-6">
      <div>
        <h3 id={headingId} className="text-lg font-semibold break-words">
          <Link to="/students/$uuid" params={{ uuid: student.uuid }}>
            {name}
          </Link>
        </h3>
        <p className="text-sm text-ink-muted">You are listed as {card.relationship}.</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-1">
        <dt className="text-sm font-medium text-ink-muted">Latest SAT</dt>
        <dd>
          <LatestScore score={card.latestSat} />
        </dd>
        <dt className="text-sm font-medium text-ink-muted">Latest ACT</dt>
        <dd>
          <LatestScore score={card.latestAct} />
        </dd>
      </dl>
      {card.superscores.sat ? <Superscore test={TESTS.sat} superscore={card.superscores.sat} /> : null}
      {card.superscores.act ? <Superscore test={TESTS.act} superscore={card.superscores.act} /> : null}
      <div className="flex flex-col gap-2 border-t border-line pt-4">
        <p className="text-sm font-semibold tracking-wide text-ink-muted uppercase">Newest shared note</p>
        {note ? (
          <>
            <NoteMeta note={note} showVisibility={false} headingLevel="h4" />
            <MarkdownView source={note.body} className="line-clamp-6" />
          </>
        ) : (
          <p className="text-ink-muted">No shared session notes yet. Coaches share them after sessions.</p>
        )}
      </div>
      <p className="mt-auto">
        <Link to="/students/$uuid" params={{ uuid: student.uuid }} className="font-medium">
          Open {name}'s record
        </Link>
      </p>
    </article>
  )
}
