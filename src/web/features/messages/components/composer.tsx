import { useId, useState } from 'react'
import { MESSAGE_BODY_MAX } from '../../../../shared/messages'
import { Alert } from '../../../components/ui/alert'
import { PaperClipIcon, SpinnerIcon } from '../../../components/ui/icons'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { type AttachableDocument, AttachDialog, type ComposerUpload } from './attach-dialog'

interface ComposerProps {
  /** Says who reads it: "Write to Maya, her family and the team". */
  label: string
  documents: AttachableDocument[]
  /** Upload a new file to attach; null when this writer may not add documents to the record. */
  upload: ComposerUpload | null
  onSend: (body: string, attachmentUUIDs: string[]) => Promise<unknown>
}

/**
 * The box at the foot of a conversation: the text (Markdown), documents of the record to attach
 * (or a new file uploaded to the record), and Send. Ctrl+Enter (Cmd+Enter on a Mac) sends too;
 * Enter alone starts a new line.
 */
export function Composer({ label, documents, upload, onSend }: ComposerProps) {
  const id = useId()
  const [body, setBody] = useState('')
  const [attached, setAttached] = useState<string[]>([])
  const [picking, setPicking] = useState(false)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // A file uploaded here keeps its name even before the record is read again.
  const [uploaded, setUploaded] = useState<AttachableDocument[]>([])
  const names = new Map([...uploaded, ...documents].map((document) => [document.uuid, document.name]))

  const send = async () => {
    if (pending) return
    if (body.trim() === '') {
      setError('Write a message first.')
      return
    }
    setPending(true)
    setError(null)
    try {
      await onSend(body, attached)
      setBody('')
      setAttached([])
    } catch (caught) {
      setError(errorMessage(caught))
    } finally {
      setPending(false)
    }
  }
  const toggle = (uuid: string) =>
    setAttached((list) => (list.includes(uuid) ? list.filter((entry) => entry !== uuid) : [...list, uuid]))

  return (
    <form
      className="flex flex-col gap-2 border-t border-line pt-4"
      onSubmit={(event) => {
        event.preventDefault()
        void send()
      }}
    >
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <textarea
        id={id}
        rows={3}
        maxLength={MESSAGE_BODY_MAX}
        className="field-input w-full"
        value={body}
        aria-describedby={`${id}-help`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault()
            void send()
          }
        }}
      />
      <p id={`${id}-help`} className="text-sm text-ink-muted">
        Wrap words in **two asterisks** for bold; start lines with - for a list.
        <span className="hidden sm:inline"> Ctrl+Enter or ⌘+Enter sends.</span>
      </p>
      {attached.length > 0 ? (
        <ul aria-label="Documents to attach" className="flex flex-col gap-1">
          {attached.map((uuid) => (
            <li key={uuid} className="flex min-w-0 items-center gap-2">
              <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                <PaperClipIcon className="mr-1 inline size-4 align-[-2px]" />
                {names.get(uuid) ?? 'A document'}
              </span>
              <button
                type="button"
                className="btn btn-quiet btn-small"
                aria-label={`Do not attach ${names.get(uuid) ?? 'this document'}`}
                onClick={() => toggle(uuid)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className="btn btn-primary min-w-28" disabled={pending} aria-disabled={pending}>
          {pending ? <SpinnerIcon className="size-4" /> : null}
          {pending ? 'Sending…' : 'Send'}
        </button>
        {documents.length > 0 || upload ? (
          <button type="button" className="btn btn-secondary" onClick={() => setPicking(true)}>
            Attach a document
          </button>
        ) : null}
      </div>
      <AttachDialog
        open={picking}
        onClose={() => setPicking(false)}
        documents={documents}
        attached={attached}
        onToggle={toggle}
        upload={upload}
        onUploaded={(document) => {
          setUploaded((list) => [...list, document])
          setAttached((list) => [...list, document.uuid])
          setPicking(false)
          toast('File uploaded and attached')
        }}
      />
    </form>
  )
}
