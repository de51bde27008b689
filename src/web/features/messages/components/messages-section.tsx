import { useQuery } from '@tanstack/react-query'
import { Link, useSearch } from '@tanstack/react-router'
import type { ConversationKind } from '../../../../shared/messages'
import { kindOf } from '../../../../shared/record-rules'
import type { Student } from '../../../../shared/students'
import type { CurrentUser } from '../../../../shared/users'
import { canSeeStaffMessages, type RecordAccess } from '../../../lib/record-access'
import { unreadQueryOptions } from '../api/messages'
import { Conversation } from './conversation'

const tabClass =
  'btn btn-secondary btn-small aria-[current=page]:border-primary aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary-hover'

interface MessagesSectionProps {
  student: Student
  viewer: CurrentUser
  access: RecordAccess
}

/**
 * The record's Messages: the Family conversation and, for the team and admins, the Staff one,
 * chosen by `?conversation=` (an email's link opens the right one). The student and their
 * guardians see only Family, with no tab and no word of the other.
 */
export function MessagesSection({ student, viewer, access }: MessagesSectionProps) {
  const staff = canSeeStaffMessages(access)
  const asked = useSearch({ strict: false, select: (search) => search.conversation })
  const kind: ConversationKind = staff && asked === 'staff' ? 'staff' : 'family'
  // The other conversation's unread messages, on its tab (the one open is being read).
  const unread = useQuery({ ...unreadQueryOptions(), enabled: staff })
  const unreadIn = (tab: ConversationKind) =>
    tab === kind
      ? 0
      : (unread.data?.conversations.find(
          (conversation) => conversation.studentUUID === student.uuid && conversation.kind === tab,
        )?.unread ?? 0)
  return (
    // `#messages`: the links of an email and of the dashboard's unread list open here, below the
    // record's overview, since the reader came for the messages.
    <section
      id="messages"
      aria-labelledby="messages-heading"
      className="card flex min-w-0 scroll-mt-28 flex-col gap-4 p-4 sm:p-6 lg:scroll-mt-16"
    >
      <div className="flex flex-col gap-1">
        <h2 id="messages-heading" className="text-xl font-semibold">
          Messages
        </h2>
        <p className="text-sm text-ink-muted">
          {kind === 'staff'
            ? 'Staff: the team and admins only. The student and their family never see it.'
            : `Family: ${familyWords(access, student.name || 'the student')}, and the team.`}
        </p>
      </div>
      {staff ? (
        <nav aria-label="Conversations" className="flex gap-2">
          {(['family', 'staff'] as const).map((tab) => {
            const count = unreadIn(tab)
            return (
              <Link
                key={tab}
                to="."
                search={(previous: Record<string, unknown>) => ({ ...previous, conversation: tab })}
                resetScroll={false}
                className={tabClass}
                aria-current={tab === kind ? 'page' : undefined}
              >
                {tab === 'family' ? 'Family' : 'Staff'}
                {count > 0 ? (
                  <span className="ml-1.5 rounded-full bg-warning-soft px-2 text-xs font-semibold text-warning">
                    {count}
                    <span className="sr-only"> unread</span>
                  </span>
                ) : null}
              </Link>
            )
          })}
        </nav>
      ) : null}
      <Conversation key={kind} student={student} viewer={viewer} access={access} kind={kind} />
    </section>
  )
}

function familyWords(access: RecordAccess, name: string): string {
  return kindOf(access) === 'self' ? 'you, your parents or guardians' : `${name}, their parents or guardians`
}
