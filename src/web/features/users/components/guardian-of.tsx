import { Link } from '@tanstack/react-router'
import type { AdminUser } from '../../../../shared/users'

type Students = NonNullable<AdminUser['guardianOf']>

/** "Guardian of Ada Lowe (Mother), Ben Lowe (Mother)": each name opens the student's record. */
export function GuardianOf({ students, className = 'text-sm' }: { students: Students; className?: string }) {
  if (students.length === 0) {
    return <span className={`${className} text-ink-muted`}>Guardian of no student now</span>
  }
  return (
    <span className={`${className} [overflow-wrap:anywhere]`}>
      Guardian of{' '}
      {students.map((student, index) => (
        <span key={student.uuid}>
          {index > 0 ? ', ' : null}
          <Link to="/students/$uuid" params={{ uuid: student.uuid }} className="font-medium">
            {student.name || 'Unnamed student'}
          </Link>{' '}
          <span className="text-ink-muted">({student.relationship})</span>
        </span>
      ))}
    </span>
  )
}
