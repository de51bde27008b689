import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import {
  DOCUMENT_NAME_MAX,
  type DocumentForm,
  documentFormSchema,
  type StudentDocument,
} from '../../../../shared/documents'
import { Alert } from '../../../components/ui/alert'
import { Modal } from '../../../components/ui/modal'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { showFieldProblems } from '../../../lib/field-problems'
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
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<DocumentForm>({
    resolver: zodResolver(documentFormSchema),
    defaultValues: {
      name: document?.name ?? '',
      url: document?.url ?? '',
      hidden: document?.hidden ?? false,
      pinned: document?.pinned ?? false,
    },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    // A student never sends the staff flags (the server would refuse a change to them).
    const body = canFlag ? values : { name: values.name, url: values.url }
    try {
      if (document) {
        await updateDocument.mutateAsync({
          documentUuid: document.uuid,
          body: { ...body, creatorUUID: document.creator.uuid },
        })
        toast('Document saved')
      } else {
        await addDocument.mutateAsync(body)
        toast('Document added')
      }
      onDone()
    } catch (error) {
      if (!showFieldProblems(form, error, ['name', 'url'])) setFormError(errorMessage(error))
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <TextField
        label="Name"
        maxLength={DOCUMENT_NAME_MAX}
        registration={form.register('name')}
        error={errors.name?.message}
      />
      <TextField
        label="Link"
        type="url"
        inputMode="url"
        help="The full address, starting with https://"
        registration={form.register('url')}
        error={errors.url?.message}
      />
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
      <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
        {document ? 'Save document' : 'Add document'}
      </SubmitButton>
    </form>
  )
}
