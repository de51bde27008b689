import { useRef, useState } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import { z } from 'zod'
import {
  DOCUMENT_FILE_MAX_BYTES,
  DOCUMENT_NAME_MAX,
  type DocumentForm,
  documentFormSchema,
  type StudentDocument,
} from '../../../../shared/documents'
import { requiredText } from '../../../../shared/validation'
import { Alert } from '../../../components/ui/alert'
import { FileDropZone } from '../../../components/ui/file-drop-zone'
import { Modal } from '../../../components/ui/modal'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast'
import { UploadProgress } from '../../../components/ui/upload-progress'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { showFieldProblems } from '../../../lib/field-problems'
import { useUploadDocument } from '../../../lib/upload-document'
import { zodResolver } from '../../../lib/zod-resolver'
import { useAddDocument } from '../api/add-document'
import { useUpdateDocument } from '../api/update-document'

interface DocumentDialogProps {
  studentUuid: string
  /** The document to edit; none to add one. */
  document: StudentDocument | null
  open: boolean
  onClose: () => void
  /** Staff see the hidden and pinned checkboxes; a student may not set them. */
  canFlag: boolean
}

type Kind = 'link' | 'file'

/** A new file's name may stay empty (the file's own name is used); an existing file's may not. */
const fileFormSchema = (nameRequired: boolean) =>
  z.object({
    name: nameRequired ? requiredText(DOCUMENT_NAME_MAX) : z.string().trim().max(DOCUMENT_NAME_MAX),
    url: z.string(),
    hidden: z.boolean(),
    pinned: z.boolean(),
  })

export function DocumentDialog({ studentUuid, document, open, onClose, canFlag }: DocumentDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={document ? `Edit '${document.name}'` : 'Add document'}>
      <DocumentFormBody studentUuid={studentUuid} document={document} onDone={onClose} canFlag={canFlag} />
    </Modal>
  )
}

function DocumentFormBody({
  studentUuid,
  document,
  onDone,
  canFlag,
}: Omit<DocumentDialogProps, 'open' | 'onClose'> & { onDone: () => void }) {
  const addDocument = useAddDocument(studentUuid)
  const updateDocument = useUpdateDocument(studentUuid)
  const uploadDocument = useUploadDocument(studentUuid)
  const [formError, setFormError] = useState<string | null>(null)
  const [kind, setKind] = useState<Kind>(document?.file ? 'file' : 'link')
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | undefined>()
  const [progress, setProgress] = useState<number | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const kindRef = useRef(kind)
  kindRef.current = kind
  // The schema follows the choice: a link needs its address, a file its picked file.
  const resolver: Resolver<DocumentForm> = (values, context, options) =>
    kindRef.current === 'link'
      ? zodResolver(documentFormSchema)(values, context, options)
      : zodResolver(fileFormSchema(document !== null))(values, context, options)
  const form = useForm<DocumentForm>({
    resolver,
    defaultValues: {
      name: document?.name ?? '',
      url: document?.url ?? '',
      hidden: document?.hidden ?? false,
      pinned: document?.pinned ?? false,
    },
  })
  const { errors, isSubmitting } = form.formState

  const pickFile = (picked: File | null) => {
    setFile(picked)
    setFileError(
      picked && picked.size > DOCUMENT_FILE_MAX_BYTES
        ? `This file is ${(picked.size / 1024 / 1024).toFixed(1)} MB; the limit is 25 MB.`
        : undefined,
    )
  }

  const upload = async (values: DocumentForm) => {
    if (!file || file.size > DOCUMENT_FILE_MAX_BYTES) {
      if (!file) setFileError('Choose a file to upload.')
      fileInput.current?.focus()
      return false
    }
    setProgress(0)
    try {
      await uploadDocument.mutateAsync({
        upload: {
          file,
          name: values.name.trim() || undefined,
          ...(canFlag ? { hidden: values.hidden, pinned: values.pinned } : {}),
        },
        onProgress: setProgress,
      })
      return true
    } finally {
      setProgress(null)
    }
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    // A student never sends the staff flags (the server would refuse a change to them).
    const body = canFlag ? values : { name: values.name, url: values.url }
    try {
      if (document) {
        await updateDocument.mutateAsync({
          documentUuid: document.uuid,
          body: { ...body, url: document.file ? document.url : body.url, creatorUUID: document.creator.uuid },
        })
        toast('Document saved')
      } else if (kind === 'file') {
        if (!(await upload(values))) return
        toast('File uploaded')
      } else {
        await addDocument.mutateAsync(body)
        toast('Document added')
      }
      onDone()
    } catch (error) {
      if (showFieldProblems(form, error, ['name', 'url'])) return
      // The file's own problems (type, size, empty) belong under the file.
      if (
        kind === 'file' &&
        !document &&
        (isApiError(error, 413) || isApiError(error, 415) || isApiError(error, 400))
      ) {
        setFileError(errorMessage(error))
        fileInput.current?.focus()
        return
      }
      setFormError(errorMessage(error))
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      {document ? null : (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-medium">Add a</legend>
          <div className="flex flex-wrap gap-x-6">
            {(['link', 'file'] as const).map((choice) => (
              <label key={choice} className="flex min-h-11 items-center gap-3">
                <input
                  type="radio"
                  name="document-kind"
                  value={choice}
                  checked={kind === choice}
                  onChange={() => {
                    setKind(choice)
                    form.clearErrors()
                  }}
                  className="size-5 accent-primary"
                />
                <span>{choice === 'link' ? 'Link' : 'File'}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {kind === 'file' && !document ? (
        <FileDropZone file={file} onFile={pickFile} error={fileError} inputRef={fileInput} />
      ) : null}
      <TextField
        label={kind === 'file' && !document ? 'Name (optional)' : 'Name'}
        maxLength={DOCUMENT_NAME_MAX}
        help={kind === 'file' && !document ? "Left empty, the file's own name is used." : undefined}
        registration={form.register('name')}
        error={errors.name?.message}
      />
      {kind === 'link' ? (
        <TextField
          label="Link"
          type="url"
          inputMode="url"
          help="The full address, starting with https://"
          registration={form.register('url')}
          error={errors.url?.message}
        />
      ) : null}
      {canFlag ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">Visibility</legend>
          <label className="flex min-h-11 items-center gap-3">
            <input type="checkbox" className="size-5 accent-primary" {...form.register('pinned')} />
            <span>Pinned: listed first</span>
          </label>
          <label className="flex min-h-11 items-center gap-3">
            <input type="checkbox" className="size-5 accent-primary" {...form.register('hidden')} />
            <span>Hidden from the student</span>
          </label>
        </fieldset>
      ) : null}
      <UploadProgress progress={progress} />
      <SubmitButton
        pending={isSubmitting}
        pendingLabel={kind === 'file' && !document ? 'Uploading…' : 'Saving…'}
      >
        {document ? 'Save document' : kind === 'file' ? 'Upload file' : 'Add document'}
      </SubmitButton>
    </form>
  )
}
