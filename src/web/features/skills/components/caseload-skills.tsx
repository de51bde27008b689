import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { sectionLayout } from '../../../../shared/practice-layouts'
import type { CaseloadSkills } from '../../../../shared/practice-skills'
import { Alert } from '../../../components/ui/alert'
import { ListSkeleton } from '../../../components/ui/skeleton'
import { errorMessage } from '../../../lib/api-client'
import { caseloadSkillsQueryOptions } from '../api'

type SkillRow = CaseloadSkills['skills'][number]

/** "SAT Math", "ACT Reading": where a skill is tagged. */
const sectionWords = (row: SkillRow) =>
  `${row.test} ${sectionLayout(row.test, null, row.section)?.label ?? row.section}`

const missRate = (row: SkillRow) => Math.round((100 * row.missed) / Math.max(1, row.questions))

/**
 * The skills an educator's students (or, with `all`, every student) missed most on practice tests submitted in the range: how
 * many questions of each were missed, the miss rate, and the students who miss it, each linking
 * to their record's practice tests.
 */
export function CaseloadSkillsTable({ educator, from, to }: { educator: string; from: string; to: string }) {
  const skills = useQuery(caseloadSkillsQueryOptions(educator, from, to))
  if (skills.isPending)
    return <ListSkeleton label="Loading the skills…" rows={['h-16 w-full', 'h-16 w-full']} />
  if (skills.isError)
    return <Alert tone="danger">The skills could not be loaded: {errorMessage(skills.error)}</Alert>
  const { attempts, skills: rows } = skills.data
  if (rows.length === 0) {
    return (
      <p className="text-ink-muted">
        {attempts === 0
          ? 'No practice test was submitted in these dates by these students.'
          : 'No question was missed in these dates.'}
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-ink-muted">
        From {attempts} submitted practice {attempts === 1 ? 'test' : 'tests'}, the skills with the highest
        miss rate first.
      </p>
      <table className="data-table">
        <caption className="sr-only">Skills most missed, with the students who miss them</caption>
        <thead>
          <tr>
            <th scope="col">Skill</th>
            <th scope="col">Miss rate</th>
            <th scope="col">Missed</th>
            <th scope="col">Students</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.test}-${row.section}-${row.skill}`}>
              <th scope="row" className="cell-wide flex-col text-left">
                <span className="font-semibold">{row.skill}</span>{' '}
                <span className="text-sm font-normal text-ink-muted">{sectionWords(row)}</span>
              </th>
              <td data-label="Miss rate" className="tabular-nums">
                {missRate(row)}%
              </td>
              <td data-label="Missed" className="tabular-nums">
                {row.missed} of {row.questions}
              </td>
              <td
                data-label={`${row.students.length} ${row.students.length === 1 ? 'student' : 'students'}`}
                className="cell-wide"
              >
                <p className="text-sm text-ink-muted max-sm:hidden">
                  {row.students.length} {row.students.length === 1 ? 'student' : 'students'}
                </p>
                <ul className="flex flex-col items-end gap-0.5 sm:items-start">
                  {row.students.map((student) => (
                    <li key={student.uuid}>
                      <Link
                        to="/students/$uuid"
                        params={{ uuid: student.uuid }}
                        // The record's practice tests section.
                        search={{ section: 'practice' }}
                        className="inline-flex min-h-11 items-center"
                      >
                        {student.name || 'Unnamed student'}
                      </Link>{' '}
                      <span className="text-sm text-ink-muted">({student.missed} missed)</span>
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
