import type { InfiniteData } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { Message, MessagePage } from '../../src/shared/messages'
import type { CurrentUser } from '../../src/shared/users'
import { canDeleteMessage, canEditMessage } from '../../src/web/features/messages/message-rules'
import { upsertMessage } from '../../src/web/features/messages/use-live-messages'

const message = (uuid: string, body = `Body ${uuid}`, createdAt = '2026-11-27T17:00:00.000Z'): Message => ({
  uuid,
  studentUUID: 'student',
  kind: 'family',
  author: { name: 'Ada', uuid: 'ada' },
  body,
  attachments: [],
  createdAt,
  editedAt: null,
  deleted: false,
  cursor: `c-${uuid}`,
})

const pages = (...lists: Message[][]): InfiniteData<MessagePage, string> => ({
  pages: lists.map((messages) => ({ messages, nextCursor: null, unread: 0 })),
  pageParams: lists.map(() => ''),
})

const bodies = (data: InfiniteData<MessagePage, string> | undefined) =>
  data?.pages.map((page) => page.messages.map((entry) => entry.body))

/** The conversation's cache as the live stream and the page's own answers change it (docs/web.md). */
describe('a conversation in the query cache', () => {
  it('adds a new message after the newest, once, whichever copy comes first', () => {
    const start = pages([message('b'), message('c')], [message('a')])
    const once = upsertMessage(start, message('d'), true)
    expect(bodies(once)).toEqual([['Body b', 'Body c', 'Body d'], ['Body a']])
    expect(upsertMessage(once, message('d'), true)).toEqual(once)
  })

  it('changes an edited or deleted message in place, on whichever page holds it', () => {
    const start = pages([message('b')], [message('a')])
    const edited = upsertMessage(start, message('a', 'Changed'), false)
    expect(bodies(edited)).toEqual([['Body b'], ['Changed']])
    // An edit of a message not loaded (an older page) adds nothing.
    expect(upsertMessage(start, message('z'), false)).toBe(start)
  })
})

describe('who edits and deletes a message', () => {
  const ada = { uuid: 'ada' } as CurrentUser
  const ben = { uuid: 'ben' } as CurrentUser
  const posted = Date.parse('2026-11-27T17:00:00.000Z')

  it('lets the author edit for 15 minutes, and never a deleted message', () => {
    expect(canEditMessage('editor', ada, message('a'), posted + 14 * 60_000)).toBe(true)
    expect(canEditMessage('editor', ada, message('a'), posted + 15 * 60_000)).toBe(false)
    expect(canEditMessage('admin', ben, message('a'), posted)).toBe(false)
    expect(canEditMessage('guardian', ada, { ...message('a'), deleted: true }, posted)).toBe(false)
  })

  it('lets the author or an admin delete, and not the family on an archived record', () => {
    expect(canDeleteMessage('guardian', ada, message('a'))).toBe(true)
    expect(canDeleteMessage('editor', ben, message('a'))).toBe(false)
    expect(canDeleteMessage('admin', ben, message('a'))).toBe(true)
    expect(canDeleteMessage({ kind: 'guardian', archived: true }, ada, message('a'))).toBe(false)
  })
})
