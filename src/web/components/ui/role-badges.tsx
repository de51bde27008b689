import type { z } from 'zod'
import { userRoleLabels } from '../../../shared/roles'
import type { profilesSchema } from '../../../shared/users'

/** Quiet pills with text, never colour alone (UI.md "Components and states"). */
export function RoleBadges({
  user,
  label = 'Roles',
}: {
  user: z.infer<typeof profilesSchema>
  label?: string
}) {
  const labels = userRoleLabels(user)
  if (labels.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={label}>
      {labels.map((label) => (
        <li
          key={label}
          className="rounded-full border border-line bg-surface-warm px-2.5 py-0.5 text-xs font-semibold text-ink-muted"
        >
          {label}
        </li>
      ))}
    </ul>
  )
}
