import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { UnreadConversation } from '../../../../shared/messages'
import type { CurrentUser } from '../../../../shared/users'
import { unreadQueryOptions } from '../api/messages'
import { messageTime } from '../message-rules'

/** Unread messages need a finished sign-in: until required two-factor is set up, nothing is asked. */
const asks = (user: CurrentUser) => !user.twoFactorRequired

/** The caller's unread total, for the navigation: 0 while loading or when the list failed. */
export function useUnreadTotal(user: CurrentUser): number {
  const unread = useQuery({ ...unreadQueryOptions(), enabled: asks(user) })
  return unread.data?.total ?? 0
}

export const unreadWords = (total: number) => `${total} unread ${total === 1 ? 'message' : 'messages'}`

/** The count as a badge; the words are the link's name (`unreadWords`), not this. */
export function UnreadBadge({ total }: { total: number }) {
  if (total <= 0) return null
  return (
    <span
      aria-hidden="true"
      className="ml-auto rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold tabular-nums text-accent-ink"
    >
      {total > 99 ? '99+' : total}
    </span>
  )
}

/**
 * The dashboard's "Unread messages": each conversation with unread messages, its count and the
 * student's name, linking to the record's Messages at that conversation. Nothing when none.
 */
export function UnreadConversations({ user }: { user: CurrentUser }) {
  const unread = useQuery({ ...unreadQueryOptions(), enabled: asks(user) })
  const list = unread.data?.conversations ?? []
  if (list.length === 0) return null
  const total = unread.data?.total ?? 0
  return (
    <section aria-labelledby="unread-heading" className="card flex min-w-0 flex-col gap-3 p-4 sm:p-6">
      <h2 id="unread-heading" className="text-xl font-semibold">
        Unread messages
      </h2>
      <ul className="flex flex-col divide-y divide-line">
        {list.map((conversation) => (
          <li key={`${conversation.studentUUID}-${conversation.kind}`} className="py-1 first:pt-0 last:pb-0">
            <UnreadRow conversation={conversation} timeZone={user.timeZone} />
          </li>
        ))}
      </ul>
      {total > list.reduce((sum, entry) => sum + entry.unread, 0) ? (
        <p className="text-sm text-ink-muted">{unreadWords(total)} in all.</p>
      ) : null}
    </section>
  )
}

function UnreadRow({
  conversation,
  timeZone,
}: {
  conversation: UnreadConversation
  timeZone: string | undefined
}) {
  const name = conversation.studentName || 'Unnamed student'
  const which = conversation.kind === 'staff' ? 'Staff' : 'Family'
  return (
    <Link
      to="/students/$uuid"
      params={{ uuid: conversation.studentUUID }}
      search={{ section: 'messages', conversation: conversation.kind }}
      hash="messages"
      className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1 no-underline"
    >
      <span className="min-w-0 font-medium break-words">
        <span className="underline underline-offset-2">{name}</span>{' '}
        <span className="font-normal text-ink-muted">· {which}</span>
      </span>
      <span className="flex items-center gap-2 text-sm text-ink-muted">
        <span>{messageTime(conversation.latestAt, timeZone)}</span>
        <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold tabular-nums text-accent-ink">
          {conversation.unread} unread
        </span>
      </span>
    </Link>
  )
}

/** The phone's Menu button carries the count too, since the sidebar is behind it. */
export function MenuUnread({ user }: { user: CurrentUser }) {
  const total = useUnreadTotal(user)
  if (total <= 0) return null
  return (
    <>
      <UnreadBadge total={total} />
      <span className="sr-only">, {unreadWords(total)}</span>
    </>
  )
}
