import { useId, useState } from 'react'
import { MESSAGE_BODY_MAX, MESSAGE_DELETED_TEXT, type Message } from '../../../../shared/messages'
import { Alert } from '../../../components/ui/alert'
import { PaperClipIcon } from '../../../components/ui/icons'
import { MarkdownView } from '../../../components/ui/markdown-view'
import { errorMessage } from '../../../lib/api-client'
import { messageTime } from '../message-rules'

interface MessageItemProps {
  message: Message
  mine: boolean
  timeZone: string | undefined
  canEdit: boolean
  canDelete: boolean
  onSave: (body: string) => Promise<unknown>
  onDelete: () => void
}

/**
 * One message: its author and time, the Markdown body (as notes are shown), its documents as
 * links, "edited" once changed, and "Message deleted" in place of a deleted one. The author edits
 * it here, in place, for 15 minutes.
 */
export function MessageItem({
  message,
  mine,
  timeZone,
  canEdit,
  canDelete,
  onSave,
  onDelete,
}: MessageItemProps) {
  const headingId = useId()
  const [editing, setEditing] = useState(false)
  const who = message.author.name || 'Someone'
  return (
    <article
      aria-labelledby={headingId}
      className={`flex min-w-0 flex-col gap-2 rounded-lg border p-3 ${mine ? 'border-primary-soft bg-primary-soft/40 sm:ml-8' : 'border-line bg-surface sm:mr-8'}`}
    >
      <h3 id={headingId} className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold break-words text-ink">{mine ? `${who} (you)` : who}</span>
        <span className="text-ink-muted">
          <time dateTime={message.createdAt}>{messageTime(message.createdAt, timeZone)}</time>
          {message.editedAt && !message.deleted ? ' · edited' : ''}
        </span>
      </h3>
      {message.deleted ? (
        <p className="text-ink-muted italic">{MESSAGE_DELETED_TEXT}</p>
      ) : editing ? (
        <EditForm
          body={message.body}
          onCancel={() => setEditing(false)}
          onSave={onSave}
          onDone={() => setEditing(false)}
        />
      ) : (
        <MarkdownView source={message.body} />
      )}
      {!message.deleted && message.attachments.length > 0 ? (
        <ul aria-label="Attached documents" className="flex flex-col gap-1">
          {message.attachments.map((attachment) => (
            <li key={attachment.uuid} className="min-w-0">
              <a href={attachment.url} className="inline-flex min-h-11 items-center [overflow-wrap:anywhere]">
                <PaperClipIcon className="mr-1 size-4 shrink-0" />
                {attachment.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {!editing && (canEdit || canDelete) ? (
        <div className="-ml-3 flex flex-wrap gap-1">
          {canEdit ? (
            <button
              type="button"
              className="btn btn-quiet btn-small"
              onClick={() => setEditing(true)}
              aria-label={`Edit your message of ${messageTime(message.createdAt, timeZone)}`}
            >
              Edit
            </button>
          ) : null}
          {canDelete ? (
            <button
              type="button"
              className="btn btn-quiet btn-small text-danger"
              onClick={onDelete}
              aria-label={`Delete ${mine ? 'your' : `${who}'s`} message of ${messageTime(message.createdAt, timeZone)}`}
            >
              Delete
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  )
}

function EditForm({
  body,
  onSave,
  onCancel,
  onDone,
}: {
  body: string
  onSave: (body: string) => Promise<unknown>
  onCancel: () => void
  onDone: () => void
}) {
  const id = useId()
  const [text, setText] = useState(body)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const save = async () => {
    setPending(true)
    setError(null)
    try {
      await onSave(text)
      onDone()
    } catch (caught) {
      setError(errorMessage(caught))
    } finally {
      setPending(false)
    }
  }
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <label htmlFor={id} className="sr-only">
        Edit your message
      </label>
      {error ? <Alert tone="danger">Could not save: {error}</Alert> : null}
      <textarea
        id={id}
        className="field-input min-h-24 w-full"
        value={text}
        maxLength={MESSAGE_BODY_MAX}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={pending} aria-disabled={pending}>
          {pending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
    </form>
  )
}
