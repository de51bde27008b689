import { dateTimeFormat, MONTHS, timeWords } from '../../../shared/dates'
import { MESSAGE_EDIT_MINUTES, type Message } from '../../../shared/messages'
import { may } from '../../../shared/record-rules'
import type { CurrentUser } from '../../../shared/users'
import { wallClock } from '../../../shared/zone-clock'
import type { RecordAccess } from '../../lib/record-access'

/** The author edits a message for 15 minutes after posting it (the server's 409 after that). */
export const canEditMessage = (access: RecordAccess, viewer: CurrentUser, message: Message, now: number) =>
  !message.deleted &&
  may(access, 'messages.edit', message.author.uuid === viewer.uuid) &&
  now - Date.parse(message.createdAt) < MESSAGE_EDIT_MINUTES * 60_000

/** The author deletes their message; an admin any. */
export const canDeleteMessage = (access: RecordAccess, viewer: CurrentUser, message: Message) =>
  !message.deleted && may(access, 'messages.delete', message.author.uuid === viewer.uuid)

/** "Nov 27, 2:05 PM" in the viewer's time zone (their setting, else the browser's). */
export function messageTime(createdAt: string, timeZone: string | undefined): string {
  const clock = wallClock(new Date(createdAt), timeZone)
  if (clock) return `${MONTHS[clock.month]} ${clock.day}, ${timeWords(clock.hours, clock.minutes)}`
  return dateTimeFormat({
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(createdAt))
}
