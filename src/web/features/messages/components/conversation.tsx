import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { ConversationKind, Message, MessagePage } from '../../../../shared/messages'
import { kindOf, type StudentAccess } from '../../../../shared/record-rules'
import type { Student } from '../../../../shared/students'
import type { CurrentUser } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { SpinnerIcon } from '../../../components/ui/icons'
import { ListSkeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'
import { canAddDocument, canWriteMessages, type RecordAccess } from '../../../lib/record-access'
import { deleteMessage, editMessage, messagesQueryOptions, postMessage, useMarkRead } from '../api/messages'
import { canDeleteMessage, canEditMessage, messageTime } from '../message-rules'
import { upsertMessage, useLiveMessages } from '../use-live-messages'
import { useNewestInView } from '../use-newest-in-view'
import { Composer } from './composer'
import { MessageItem } from './message-item'

interface ConversationProps {
  student: Student
  viewer: CurrentUser
  access: RecordAccess
  kind: ConversationKind
}

type Pages = InfiniteData<MessagePage, string>

/**
 * One conversation: its messages oldest to newest ("Show earlier messages" pages back), live
 * from the event stream, and the composer at the foot. Reading the newest page marks it read on
 * the server; a message that arrives while it is open is marked read at once.
 */
export function Conversation({ student, viewer, access, kind }: ConversationProps) {
  const queryClient = useQueryClient()
  const key = queryKeys.students.messages(student.uuid, kind)
  const messages = useInfiniteQuery(messagesQueryOptions(student.uuid, kind))
  const markRead = useMarkRead(student.uuid, kind)
  const [deleting, setDeleting] = useState<Message | null>(null)
  // The pages come newest first; on screen the oldest is at the top.
  const list = [...(messages.data?.pages ?? [])].reverse().flatMap((page) => page.messages)
  const newest = messages.data?.pages[0]?.messages.at(-1)
  const firstUnread = messages.data?.pages[0]?.unread ?? 0
  // Where the messages unread on opening begin: a "New" line above the first of them.
  const newFrom = firstUnread > 0 ? Math.max(0, list.length - firstUnread) : -1

  // Opening the conversation read it: the counts elsewhere go down.
  useEffect(() => {
    if (firstUnread > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.unreadMessages })
  }, [firstUnread, queryClient])

  const [heard, setHeard] = useState('')
  useLiveMessages(student.uuid, kind, messages.isSuccess, newest?.cursor, (message) => {
    if (message.author.uuid === viewer.uuid) return
    markRead.mutate(message.uuid)
    setHeard(`New message from ${message.author.name || 'someone'}`)
  })

  const put = (message: Message) =>
    queryClient.setQueryData<Pages>(key, (data) => upsertMessage(data, message, true))
  const writer = kind === 'staff' || canWriteMessages(access)
  const name = student.name || 'the student'
  const documents = student.documents
    .filter((document) => kind === 'staff' || !document.hidden)
    .map(({ uuid, name: documentName }) => ({ uuid, name: documentName }))
  const now = Date.now()
  const box = useRef<HTMLDivElement>(null)
  const { unseen, jump, onScroll } = useNewestInView(box, {
    ready: messages.isSuccess,
    oldest: list[0]?.uuid,
    newest: newest?.uuid,
    newestIsMine: newest?.author.uuid === viewer.uuid,
  })

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <p role="status" className="sr-only">
        {heard}
      </p>
      {messages.isPending ? (
        <ListSkeleton label="Loading the messages…" rows={['h-16 w-3/4', 'h-16 w-2/3', 'h-16 w-3/4']} />
      ) : messages.isError ? (
        <Alert tone="danger">The messages could not be loaded: {errorMessage(messages.error)}</Alert>
      ) : (
        <div className="relative min-w-0">
          {/* biome-ignore lint/a11y/useSemanticElements: a scroll box of messages, not a group of form fields */}
          <div
            ref={box}
            role="group"
            aria-label="Conversation"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach to scroll it
            tabIndex={0}
            onScroll={onScroll}
            className="max-h-[min(60vh,40rem)] min-w-0 overflow-y-auto rounded-lg"
          >
            {/* Room for the focus rings of what is inside, which the box would clip. */}
            <div className="flex min-w-0 flex-col gap-3 p-1">
              {messages.hasNextPage ? (
                <div>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={messages.isFetchingNextPage}
                    aria-disabled={messages.isFetchingNextPage}
                    onClick={() => messages.fetchNextPage()}
                  >
                    {messages.isFetchingNextPage ? <SpinnerIcon className="size-4" /> : null}
                    {messages.isFetchingNextPage ? 'Loading…' : 'Show earlier messages'}
                  </button>
                </div>
              ) : null}
              {list.length === 0 ? (
                <p className="text-ink-muted">
                  {writer ? emptyText(kind, kindOf(access), name) : 'No messages yet.'}
                </p>
              ) : (
                <ol aria-label="Messages, oldest first" className="flex flex-col gap-3">
                  {list.map((message, index) => (
                    <li key={message.uuid} className="min-w-0">
                      {index === newFrom ? (
                        <p className="mb-3 flex items-center gap-2 text-sm font-semibold text-primary before:h-px before:flex-1 before:bg-primary after:h-px after:flex-1 after:bg-primary">
                          New
                        </p>
                      ) : null}
                      <MessageItem
                        message={message}
                        mine={message.author.uuid === viewer.uuid}
                        timeZone={viewer.timeZone}
                        canEdit={canEditMessage(access, viewer, message, now)}
                        canDelete={canDeleteMessage(access, viewer, message)}
                        onSave={async (body) =>
                          put(await editMessage(student.uuid, kind, message.uuid, { body }))
                        }
                        onDelete={() => setDeleting(message)}
                      />
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </div>
          {unseen ? (
            <button
              type="button"
              className="btn btn-primary btn-small absolute bottom-3 left-1/2 min-h-11 -translate-x-1/2 shadow-md"
              onClick={() => {
                jump()
                // The button goes away: focus stays in the conversation, not on the page's top.
                box.current?.focus({ preventScroll: true })
              }}
            >
              New messages
            </button>
          ) : null}
        </div>
      )}
      {writer ? (
        <Composer
          label={kind === 'staff' ? 'Write to the team (staff only)' : 'Write a message'}
          documents={documents}
          upload={canAddDocument(access) ? { studentUuid: student.uuid, staff: kind === 'staff' } : null}
          onSend={async (body, attachmentUUIDs) => {
            put(
              await postMessage(student.uuid, kind, {
                body,
                ...(attachmentUUIDs.length > 0 ? { attachmentUUIDs } : {}),
              }),
            )
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this message?"
        description={
          deleting
            ? `${deleting.author.uuid === viewer.uuid ? 'Your' : `${deleting.author.name || 'Its author'}'s`} message of ${messageTime(deleting.createdAt, viewer.timeZone)} is replaced by "Message deleted" for everyone. This cannot be undone.`
            : undefined
        }
        confirmLabel="Delete message"
        onConfirm={async () => {
          if (!deleting) return
          await deleteMessage(student.uuid, kind, deleting.uuid)
          put({ ...deleting, deleted: true, body: '', attachments: [] })
          toast('Message deleted')
        }}
      />
    </div>
  )
}

function emptyText(kind: ConversationKind, access: StudentAccess, name: string): string {
  if (kind === 'staff')
    return `No staff messages yet. Only the team and admins read this conversation; ${name} and their family never see it.`
  if (access === 'self')
    return 'No messages yet. Write to your team here; your parents or guardians read it too.'
  if (access === 'guardian') return `No messages yet. Write to ${name}'s team here; ${name} reads it too.`
  return `No messages yet. What you write here, ${name}, their parents or guardians and the team all read.`
}
