import { useQuery } from '@tanstack/react-query'
import { formatTimestamp } from '../../../../shared/dates'
import { type PracticeTest, sectionLayout } from '../../../../shared/practice-layouts'
import type { StudentSkills } from '../../../../shared/practice-skills'
import type { Student } from '../../../../shared/students'
import { Alert } from '../../../components/ui/alert'
import { ListSkeleton } from '../../../components/ui/skeleton'
import { errorMessage } from '../../../lib/api-client'
import { skillsQueryOptions } from '../api'

/** How many of a skill's latest attempts its trend shows. */
const TREND_POINTS = 6

const where = (row: { test: PracticeTest; section: string }) =>
  `${row.test} ${sectionLayout(row.test, 'enhanced', row.section)?.label ?? row.section}`

/**
 * "Most missed skills" (the three with the lowest percent right over the last three submitted
 * attempts, with counts) and each skill's percent right across attempts, as small bars with the
 * numbers under them: no chart library for a handful of values.
 */
export function SkillsCard({ student }: { student: Student }) {
  const skills = useQuery(skillsQueryOptions(student.uuid))
  return (
    <section aria-labelledby="skills-heading" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <h2 id="skills-heading" className="text-xl font-semibold">
        Skills
      </h2>
      {skills.isPending ? (
        <ListSkeleton label="Loading skills…" rows={['h-5 w-56', 'h-5 w-48', 'h-5 w-40']} />
      ) : skills.isError ? (
        <Alert tone="danger">The skills could not be loaded: {errorMessage(skills.error)}</Alert>
      ) : skills.data.trend.length === 0 ? (
        <p className="text-ink-muted">
          Skills show once a practice test is submitted: which kinds of question cost the most points, and how
          each one moves from test to test.
        </p>
      ) : (
        <>
          <MostMissed rows={skills.data.mostMissed} />
          <Trend rows={skills.data.trend} />
        </>
      )}
    </section>
  )
}

function MostMissed({ rows }: { rows: StudentSkills['mostMissed'] }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 id="most-missed-heading" className="text-sm font-semibold tracking-wider text-ink-muted uppercase">
        Most missed skills
      </h3>
      {rows.length === 0 ? (
        <p className="text-ink-muted">Nothing missed on the last three tests.</p>
      ) : (
        <ol aria-labelledby="most-missed-heading" className="flex flex-col gap-2">
          {rows.map((row) => (
            <li
              key={`${row.test}-${row.section}-${row.skill}`}
              className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-lg bg-danger-soft/60 px-3 py-2"
            >
              <span className="font-medium">
                {row.skill} <span className="text-sm font-normal text-ink-muted">{where(row)}</span>
              </span>
              <span className="text-sm tabular-nums">
                {row.percent}% right · {row.missed} missed of {row.questions}
              </span>
            </li>
          ))}
        </ol>
      )}
      <p className="text-sm text-ink-muted">Over the last three submitted practice tests.</p>
    </div>
  )
}

function Trend({ rows }: { rows: StudentSkills['trend'] }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 id="trend-heading" className="text-sm font-semibold tracking-wider text-ink-muted uppercase">
        Percent right by test, oldest first
      </h3>
      <ul aria-labelledby="trend-heading" className="flex flex-col divide-y divide-line">
        {rows.map((row) => {
          const points = row.points.slice(-TREND_POINTS)
          return (
            <li
              key={`${row.test}-${row.section}-${row.skill}`}
              className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
            >
              <span className="min-w-0">
                {row.skill} <span className="text-sm text-ink-muted">{where(row)}</span>
              </span>
              <span className="flex items-end gap-2">
                {points.map((point) => (
                  <span
                    key={point.attemptUUID}
                    className="flex w-10 flex-col items-center gap-0.5"
                    title={formatTimestamp(point.submittedAt)}
                  >
                    <span aria-hidden="true" className="flex h-8 w-3 items-end rounded-sm bg-surface-sunken">
                      <span
                        className="w-full rounded-sm bg-primary"
                        style={{ height: `${point.percent}%` }}
                      />
                    </span>
                    <span className="text-xs tabular-nums">{point.percent}%</span>
                  </span>
                ))}
              </span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
