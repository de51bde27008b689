import { type InfiniteData, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import {
  type ConversationKind,
  type Message,
  type MessagePage,
  messageSchema,
} from '../../../shared/messages'
import { queryKeys } from '../../lib/query-keys'
import { conversationPath } from './api/messages'

type Pages = InfiniteData<MessagePage, string>

/**
 * Puts a message in the cached conversation: in place when it is there (an edit, a deletion, or
 * the stream's copy of one this person just sent), else after the newest when `append` (a new
 * one). So nothing shows twice, whichever of the answer and the stream comes first.
 */
export function upsertMessage(data: Pages | undefined, message: Message, append: boolean): Pages | undefined {
  if (!data) return data
  const held = data.pages.some((page) => page.messages.some((entry) => entry.uuid === message.uuid))
  if (held) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        messages: page.messages.map((entry) => (entry.uuid === message.uuid ? message : entry)),
      })),
    }
  }
  if (!append) return data
  const [newest, ...older] = data.pages
  if (!newest) return data
  return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] }
}

/**
 * The conversation live: an EventSource on `GET …/events`, opened once the newest page is there
 * (`after`: its newest message, so nothing between the page and the stream is missed). New,
 * edited and deleted messages go into the query cache; `onNew` hears of each new one. After a
 * dropped connection the browser reconnects with `Last-Event-ID` itself.
 */
export function useLiveMessages(
  studentUuid: string,
  kind: ConversationKind,
  ready: boolean,
  after: string | undefined,
  onNew: (message: Message) => void,
) {
  const queryClient = useQueryClient()
  // Read when the stream opens, not a reason to open another.
  const latest = useRef({ after, onNew })
  latest.current = { after, onNew }

  useEffect(() => {
    if (!ready) return
    const key = queryKeys.students.messages(studentUuid, kind)
    const from = latest.current.after
    const source = new EventSource(
      `/api${conversationPath(studentUuid, kind)}/events${from ? `?after=${encodeURIComponent(from)}` : ''}`,
    )
    const take = (append: boolean) => (event: MessageEvent<string>) => {
      let json: unknown
      try {
        json = JSON.parse(event.data)
      } catch {
        return
      }
      const parsed = messageSchema.safeParse(json)
      if (!parsed.success) return
      const message = parsed.data
      const before = queryClient.getQueryData<Pages>(key)
      const after = upsertMessage(before, message, append)
      if (after === before) return
      queryClient.setQueryData<Pages>(key, after)
      if (append && !holds(before, message.uuid)) latest.current.onNew(message)
    }
    const onMessage = take(true)
    const onChanged = take(false)
    source.addEventListener('message', onMessage)
    source.addEventListener('message-changed', onChanged)
    return () => {
      source.removeEventListener('message', onMessage)
      source.removeEventListener('message-changed', onChanged)
      source.close()
    }
  }, [queryClient, studentUuid, kind, ready])
}

const holds = (data: Pages | undefined, uuid: string) =>
  data?.pages.some((page) => page.messages.some((entry) => entry.uuid === uuid)) ?? false
