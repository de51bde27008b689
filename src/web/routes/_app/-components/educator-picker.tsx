import { useInfiniteQuery } from '@tanstack/react-query'
import { usersQueryOptions } from '../../../features/users/api/get-users'

/**
 * Admins choose whose week or caseload: the educators among the users. With `allValue`, the first
 * choice is "All educators" (that value) instead of asking for one.
 */
export function EducatorPicker({
  id,
  value,
  onChange,
  allValue,
}: {
  id: string
  value: string
  onChange: (uuid: string) => void
  allValue?: string
}) {
  const educators = useInfiniteQuery(usersQueryOptions({ q: '', role: 'educator' }))
  const list = educators.data?.pages.flatMap((page) => page.users) ?? []
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium">
        Educator
      </label>
      <select
        id={id}
        className="field-input min-w-56"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {allValue !== undefined ? (
          <option value={allValue}>All educators</option>
        ) : (
          <option value="">Choose an educator</option>
        )}
        {list.map((educator) => (
          <option key={educator.uuid} value={educator.uuid}>
            {educator.name || educator.email}
          </option>
        ))}
      </select>
    </div>
  )
}
