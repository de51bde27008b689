import { Link } from '@tanstack/react-router'
import { formatPlainDate } from '../../../../shared/dates'
import type { StudentWithLatest } from '../../../../shared/students'

/** Staff's dashboard: each student with their newest SAT and ACT, linking to the record. */
export function StaffStudents({ students }: { students: StudentWithLatest[] }) {
  return (
    <section aria-labelledby="my-students-heading" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <h2 id="my-students-heading" className="text-xl font-semibold">
        My students
      </h2>
      {students.length === 0 ? (
        <p className="text-ink-muted">
          No students yet. When an admin adds you to a student's team, they appear here with their latest
          scores.
        </p>
      ) : (
        <table className="data-table data-table-stacked">
          <caption className="sr-only">Your students with their latest scores</caption>
          <thead>
            <tr>
              <th scope="col">Student</th>
              <th scope="col">Latest SAT</th>
              <th scope="col">Latest ACT</th>
            </tr>
          </thead>
          <tbody>
            {students.map((student) => (
              <tr key={student.uuid}>
                <th scope="row" className="cell-wide">
                  <Link to="/students/$uuid" params={{ uuid: student.uuid }} className="font-semibold">
                    {student.name || 'Unnamed student'}
                  </Link>
                </th>
                <td data-label="Latest SAT">
                  <LatestScore score={student.latestSat} />
                </td>
                <td data-label="Latest ACT">
                  <LatestScore score={student.latestAct} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

/** A newest score: the total (SAT) or composite (ACT) and its calendar date, or "None yet". */
export function LatestScore({ score }: { score: { date: string; cumulative: number } | null }) {
  if (!score) return <span className="text-ink-muted">None yet</span>
  return (
    <span>
      <span className="font-semibold tabular-nums">{score.cumulative}</span>{' '}
      <span className="text-sm text-ink-muted">({formatPlainDate(score.date)})</span>
    </span>
  )
}
