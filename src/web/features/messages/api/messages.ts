import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  type BroadcastInput,
  broadcastResultSchema,
  type ConversationKind,
  type MessageEdit,
  type MessageInput,
  messagePageSchema,
  messageSchema,
  unreadListSchema,
} from '../../../../shared/messages'
import { studentListSchema } from '../../../../shared/students'
import { USER_PAGE_MAX, type UserPage, userPageSchema } from '../../../../shared/users'
import { apiFetch } from '../../../lib/api-client'
import { noContentSchema } from '../../../lib/no-content'
import { queryKeys } from '../../../lib/query-keys'

/** `/v1/students/{id}/conversations/{kind}`: the root of one conversation's calls. */
export const conversationPath = (studentUuid: string, kind: ConversationKind) =>
  `/v1/students/${encodeURIComponent(studentUuid)}/conversations/${kind}`
const messagePath = (studentUuid: string, kind: ConversationKind, messageUuid: string) =>
  `${conversationPath(studentUuid, kind)}/messages/${encodeURIComponent(messageUuid)}`

/**
 * `GET …/messages` in pages: the first page is the newest (reading it marks the conversation
 * read), each next page the one before it ("Show earlier messages").
 */
export const messagesQueryOptions = (studentUuid: string, kind: ConversationKind) =>
  infiniteQueryOptions({
    queryKey: queryKeys.students.messages(studentUuid, kind),
    queryFn: ({ pageParam }) =>
      apiFetch(
        `${conversationPath(studentUuid, kind)}/messages${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { schema: messagePageSchema },
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // The live stream keeps it current; a refetch would mark it read again for nothing.
    staleTime: Number.POSITIVE_INFINITY,
  })

/** `GET /v1/conversations/unread`: small, so it is read again on focus and after every read. */
export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.unreadMessages,
    queryFn: () => apiFetch('/v1/conversations/unread', { schema: unreadListSchema }),
    refetchOnWindowFocus: 'always',
    staleTime: 30_000,
  })

export const postMessage = (studentUuid: string, kind: ConversationKind, body: MessageInput) =>
  apiFetch(`${conversationPath(studentUuid, kind)}/messages`, { method: 'POST', body, schema: messageSchema })

export const editMessage = (
  studentUuid: string,
  kind: ConversationKind,
  messageUuid: string,
  body: MessageEdit,
) => apiFetch(messagePath(studentUuid, kind, messageUuid), { method: 'PATCH', body, schema: messageSchema })

export const deleteMessage = (studentUuid: string, kind: ConversationKind, messageUuid: string) =>
  apiFetch(messagePath(studentUuid, kind, messageUuid), { method: 'DELETE', schema: noContentSchema })

const readAnswerSchema = z.object({ unread: z.number() })

/** `POST …/read`: this person has read up to the message. */
export const markRead = (studentUuid: string, kind: ConversationKind, upTo: string) =>
  apiFetch(`${conversationPath(studentUuid, kind)}/read`, {
    method: 'POST',
    body: { upTo },
    schema: readAnswerSchema,
  })

/** Marks the conversation read up to a message, then refreshes the unread counts. */
export function useMarkRead(studentUuid: string, kind: ConversationKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (upTo: string) => markRead(studentUuid, kind, upTo),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.unreadMessages }),
  })
}

/** `POST /v1/broadcasts` (admins): one message to many students' Family conversations. */
export const sendBroadcast = (body: BroadcastInput) =>
  apiFetch('/v1/broadcasts', { method: 'POST', body, schema: broadcastResultSchema })

/** Active students (an admin's whole list): whom "All active students" reaches, and the picker's list. */
export const activeStudentsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.students.list(false),
    queryFn: () => apiFetch('/v1/students', { schema: studentListSchema }),
  })

/** An educator's active students: whom "The students of one educator" reaches. */
export const educatorStudentsQueryOptions = (educatorUuid: string) =>
  queryOptions({
    queryKey: queryKeys.educatorStudents.of(educatorUuid),
    queryFn: () =>
      apiFetch(`/v1/educators/${encodeURIComponent(educatorUuid)}/students`, { schema: studentListSchema }),
  })

/**
 * Every educator, by name, for the broadcast's audience: `GET /v1/users?role=educator` page after
 * page (100 at a time) until the last, so a company of any size is listed whole.
 */
export const educatorsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users.educators,
    queryFn: async () => {
      const users: UserPage['users'] = []
      let cursor: string | null = null
      do {
        const query = new URLSearchParams({ role: 'educator', limit: String(USER_PAGE_MAX) })
        if (cursor) query.set('cursor', cursor)
        const page: UserPage = await apiFetch(`/v1/users?${query}`, { schema: userPageSchema })
        users.push(...page.users)
        cursor = page.nextCursor
      } while (cursor)
      return users
    },
  })
