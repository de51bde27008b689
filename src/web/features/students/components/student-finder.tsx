import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { StudentRef, StudentWithLatest } from '../../../../shared/students'
import { LatestScore } from './staff-students'

type Row = StudentRef & Partial<Pick<StudentWithLatest, 'latestSat' | 'latestAct'>>

interface StudentFinderProps {
  students: Row[]
  /** Each row shows its latest official SAT and ACT (staff's own students). */
  withScores: boolean
  /** How many the list holds, in words ("3 students on your teams"), for the search's status. */
  count: (n: number) => string
  empty: string
}

/**
 * Letters without case or accents, so "zoe" finds "Zoë". `toLowerCase`, not `toLocaleLowerCase`:
 * the same letters for the en-US the product speaks, without the browser's locale set-up (ADR 057).
 */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * /students: a name search over the students the page lists (they are all loaded: a team's or the
 * whole school's names), and each one's link to the record, with the latest official scores for
 * staff.
 */
export function StudentFinder({ students, withScores, count, empty }: StudentFinderProps) {
  const searchId = useId()
  const [search, setSearch] = useState('')
  const wanted = fold(search.trim())
  const shown = wanted ? students.filter((student) => fold(student.name).includes(wanted)) : students
  if (students.length === 0) return <p className="text-ink-muted">{empty}</p>
  return (
    <div className="flex flex-col gap-4">
      <search aria-label="Students">
        <form className="flex flex-col gap-1.5" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={searchId} className="font-medium">
            Search by name
          </label>
          <input
            id={searchId}
            type="search"
            className="field-input sm:max-w-sm"
            autoComplete="off"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </form>
      </search>
      <p className="text-sm text-ink-muted" role="status">
        {!wanted
          ? `${count(students.length)}.`
          : shown.length === 0
            ? `No student’s name matches “${search.trim()}”.`
            : `${shown.length} of ${count(students.length)} match “${search.trim()}”.`}
      </p>
      {shown.length === 0 ? null : withScores ? (
        <ScoresTable students={shown} />
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {shown.map((student) => (
            <li key={student.uuid}>
              <StudentLink student={student} className="flex min-h-11 items-center py-2 font-semibold" />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function StudentLink({ student, className }: { student: Row; className: string }) {
  return (
    <Link to="/students/$uuid" params={{ uuid: student.uuid }} className={`${className} break-words`}>
      {student.name || 'Unnamed student'}
    </Link>
  )
}

function ScoresTable({ students }: { students: Row[] }) {
  return (
    <table className="data-table data-table-stacked">
      <caption className="sr-only">Students with their latest official scores</caption>
      <thead>
        <tr>
          <th scope="col">Student</th>
          <th scope="col">Latest official SAT</th>
          <th scope="col">Latest official ACT</th>
        </tr>
      </thead>
      <tbody>
        {students.map((student) => (
          <tr key={student.uuid}>
            <th scope="row" className="cell-wide">
              <StudentLink student={student} className="font-semibold" />
            </th>
            <td data-label="Latest official SAT">
              <LatestScore score={student.latestSat ?? null} />
            </td>
            <td data-label="Latest official ACT">
              <LatestScore score={student.latestAct ?? null} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
