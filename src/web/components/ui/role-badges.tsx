import type { z } from 'zod'
import { userRoleLabels } from '../../../shared/roles'
import type { profilesSchema } from '../../../shared/users'

/** Quiet pills with text, never color alone (docs/product.md#look-and-accessibility). */
export function RoleLabelBadges({ labels, label = 'Roles' }: { labels: string[]; label?: string }) {
  if (labels.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={label}>
      {labels.map((text) => (
        <li
          key={text}
          className="rounded-full border border-line bg-surface-warm px-2.5 py-0.5 text-xs font-semibold text-ink-muted"
        >
          {text}
        </li>
      ))}
    </ul>
  )
}

/** A person's role pills, from the profiles they hold (Admin, Educator, FAO, Student). */
export function RoleBadges({ user, label }: { user: z.infer<typeof profilesSchema>; label?: string }) {
  return <RoleLabelBadges labels={userRoleLabels(user)} label={label} />
}
