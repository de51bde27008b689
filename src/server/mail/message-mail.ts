import { BRAND } from '../../shared/brand'
import { MESSAGE_EMAIL_LABELS } from '../../shared/messages'
import type { MailMessage } from './mailer'
import { quoteLines } from './quote'

/** How much of the newest message an email quotes. */
export const QUOTE_CHARACTERS = 200

/** One conversation's unread messages, as an email tells of them. */
export interface UnreadSummary {
  studentName: string
  kind: 'family' | 'staff'
  /** Who wrote how many, the most first. */
  authors: Array<{ name: string; count: number }>
  /** The newest message's text (Markdown as typed); quoted as plain text, never as markup. */
  newest: string
  link: string
  /** The recipient is the student: "your Family conversation". */
  own?: boolean
}

const messages = (count: number) => (count === 1 ? '1 message' : `${count} messages`)

const conversationName = (summary: UnreadSummary) =>
  summary.kind === 'staff'
    ? `the Staff conversation about ${summary.studentName}`
    : summary.own
      ? 'your Family conversation'
      : `${summary.studentName}'s Family conversation`

function summaryLines(summary: UnreadSummary): string[] {
  const total = summary.authors.reduce((sum, author) => sum + author.count, 0)
  return [
    `${messages(total)} unread in ${conversationName(summary)}:`,
    ...summary.authors.map((author) => `  ${author.name}: ${messages(author.count)}`),
    '',
    'The newest:',
    ...quoteLines(summary.newest, QUOTE_CHARACTERS),
    '',
    'Read and answer in the workspace:',
    summary.link,
  ]
}

const stopLine = (settingsLink: string) =>
  `To get these emails once a day or not at all, change "Email me about messages" (now "${MESSAGE_EMAIL_LABELS.batched}") at ${settingsLink}`

/**
 * The batched email: one conversation's unread messages, some minutes after the first of them.
 * Plain text only: what people typed reaches no mail client as markup.
 */
export function unreadMessagesMail(to: string, summary: UnreadSummary, settingsLink: string): MailMessage {
  const total = summary.authors.reduce((sum, author) => sum + author.count, 0)
  return {
    to,
    subject: `${messages(total)} unread in ${conversationName(summary)}`,
    text: [...summaryLines(summary), '', stopLine(settingsLink), '', BRAND.name].join('\n'),
  }
}

/** The daily summary at 18:00 in the person's zone: every conversation with unread messages. */
export function dailyMessagesMail(to: string, summaries: UnreadSummary[], settingsLink: string): MailMessage {
  const count = summaries.length === 1 ? '1 conversation' : `${summaries.length} conversations`
  return {
    to,
    subject: `Unread messages in ${count}`,
    text: [
      `Today's unread messages, in ${count}:`,
      '',
      ...summaries.flatMap((summary) => [...summaryLines(summary), '']),
      `To change this daily summary, see "Email me about messages" at ${settingsLink}`,
      '',
      BRAND.name,
    ].join('\n'),
  }
}
