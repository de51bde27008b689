import { useRef, useState } from 'react'
import { DOCUMENT_FILE_MAX_BYTES } from '../../../../shared/documents'
import { MESSAGE_ATTACHMENTS_MAX } from '../../../../shared/messages'
import { Alert } from '../../../components/ui/alert'
import { FileDropZone } from '../../../components/ui/file-drop-zone'
import { SpinnerIcon } from '../../../components/ui/icons'
import { Modal } from '../../../components/ui/modal'
import { UploadProgress } from '../../../components/ui/upload-progress'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { useUploadDocument } from '../../../lib/upload-document'

export interface AttachableDocument {
  uuid: string
  name: string
}

/** Who may upload from the composer, and how: `null` when the writer may not add documents. */
export interface ComposerUpload {
  studentUuid: string
  /** The Staff conversation: the new file is hidden from the family unless unticked. */
  staff: boolean
}

interface AttachDialogProps {
  open: boolean
  onClose: () => void
  documents: AttachableDocument[]
  attached: string[]
  onToggle: (uuid: string) => void
  upload: ComposerUpload | null
  /** A file uploaded here: it is on the record now, and attached to the message. */
  onUploaded: (document: AttachableDocument) => void
}

/**
 * The composer's "Attach a document": tick documents of the record, or upload a new file through
 * the record's document upload (same rules, same answers), which is then attached.
 */
export function AttachDialog({
  open,
  onClose,
  documents,
  attached,
  onToggle,
  upload,
  onUploaded,
}: AttachDialogProps) {
  const full = attached.length >= MESSAGE_ATTACHMENTS_MAX
  return (
    <Modal open={open} onClose={onClose} title="Attach documents">
      <div className="flex flex-col gap-5">
        {documents.length > 0 ? (
          <fieldset className="flex min-w-0 flex-col gap-1">
            <legend className="mb-2 text-ink-muted">
              Documents of this record: pick up to {MESSAGE_ATTACHMENTS_MAX}. Everyone in the conversation can
              open them.
            </legend>
            {documents.map((document) => (
              <label key={document.uuid} className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-primary"
                  checked={attached.includes(document.uuid)}
                  disabled={!attached.includes(document.uuid) && full}
                  onChange={() => onToggle(document.uuid)}
                />
                <span className="min-w-0 [overflow-wrap:anywhere]">{document.name}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {upload ? (
          <div className={documents.length > 0 ? 'border-t border-line pt-4' : undefined}>
            <UploadPart upload={upload} full={full} onUploaded={onUploaded} />
          </div>
        ) : null}
        <div className="flex justify-end">
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    </Modal>
  )
}

function UploadPart({
  upload,
  full,
  onUploaded,
}: {
  upload: ComposerUpload
  full: boolean
  onUploaded: (document: AttachableDocument) => void
}) {
  const uploadDocument = useUploadDocument(upload.studentUuid)
  const [file, setFile] = useState<File | null>(null)
  const [hidden, setHidden] = useState(upload.staff)
  const [fileError, setFileError] = useState<string | undefined>()
  const [problem, setProblem] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)

  const pick = (picked: File | null) => {
    setFile(picked)
    setProblem(null)
    setFileError(
      picked && picked.size > DOCUMENT_FILE_MAX_BYTES
        ? `This file is ${(picked.size / 1024 / 1024).toFixed(1)} MB; the limit is 25 MB.`
        : undefined,
    )
  }

  const send = async () => {
    if (progress !== null) return
    setProblem(null)
    if (!file || file.size > DOCUMENT_FILE_MAX_BYTES) {
      if (!file) setFileError('Choose a file to upload.')
      fileInput.current?.focus()
      return
    }
    setProgress(0)
    try {
      const document = await uploadDocument.mutateAsync({
        // Family conversation: the family must see what is attached, so the flags stay unset.
        upload: { file, ...(upload.staff ? { hidden } : {}) },
        onProgress: setProgress,
      })
      setFile(null)
      onUploaded({ uuid: document.uuid, name: document.name })
    } catch (error) {
      // The file's own problems (type, size, empty) belong under the file, as on Documents.
      if (isApiError(error, 413) || isApiError(error, 415) || isApiError(error, 400)) {
        setFileError(errorMessage(error))
        fileInput.current?.focus()
      } else setProblem(`The file could not be uploaded: ${errorMessage(error)}`)
    } finally {
      setProgress(null)
    }
  }

  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1 font-medium">Upload a file</legend>
      <p className="text-sm text-ink-muted">
        It is added to the record's Documents too, and attached to this message.
      </p>
      {full ? (
        <p className="text-sm text-ink-muted">
          This message has {MESSAGE_ATTACHMENTS_MAX} documents already: remove one to attach another.
        </p>
      ) : (
        <>
          {problem ? <Alert tone="danger">{problem}</Alert> : null}
          <FileDropZone file={file} onFile={pick} error={fileError} inputRef={fileInput} />
          {upload.staff ? (
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-primary"
                checked={hidden}
                onChange={(event) => setHidden(event.target.checked)}
              />
              <span>Hidden from the student and their family</span>
            </label>
          ) : null}
          <UploadProgress progress={progress} />
          <div>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={progress !== null}
              aria-disabled={progress !== null}
              onClick={() => void send()}
            >
              {progress !== null ? <SpinnerIcon className="size-4" /> : null}
              {progress !== null ? 'Uploading…' : 'Upload and attach'}
            </button>
          </div>
        </>
      )}
    </fieldset>
  )
}
