import { useId, useState } from 'react'
import type { StudentRef } from '../../../../shared/students'

/** How many matches the picker lists at once; typing narrows the rest. */
const SHOWN = 50

/** The broadcast's picked list: a search over the active students and a box for each match. */
export function StudentPicker({
  students,
  picked,
  onChange,
}: {
  students: StudentRef[]
  picked: string[]
  onChange: (picked: string[]) => void
}) {
  const id = useId()
  const [query, setQuery] = useState('')
  const needle = query.trim().toLowerCase()
  const matches = students.filter((student) => student.name.toLowerCase().includes(needle))
  const toggle = (uuid: string) =>
    onChange(picked.includes(uuid) ? picked.filter((entry) => entry !== uuid) : [...picked, uuid])
  return (
    <div className="ml-8 flex min-w-0 flex-col gap-2">
      <label htmlFor={`${id}-search`} className="text-sm font-medium">
        Find students by name
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className="field-input w-full max-w-sm"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <p role="status" className="text-sm text-ink-muted">
        {picked.length} picked
        {matches.length > SHOWN ? `; the first ${SHOWN} of ${matches.length} matches shown` : ''}
      </p>
      <ul aria-label="Students" className="flex max-h-80 flex-col overflow-y-auto">
        {matches.slice(0, SHOWN).map((student) => (
          <li key={student.uuid}>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-primary"
                checked={picked.includes(student.uuid)}
                onChange={() => toggle(student.uuid)}
              />
              <span className="min-w-0 [overflow-wrap:anywhere]">{student.name || 'Unnamed student'}</span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  )
}
