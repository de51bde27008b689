import { type KeyboardEvent, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { todayAtOffset } from '../../../../shared/dates'
import { NOTE_BODY_MAX, NOTE_DURATION_MAX, type NoteInput, type SessionNote } from '../../../../shared/notes'
import { Alert } from '../../../components/ui/alert'
import { AlertCircleIcon } from '../../../components/ui/icons'
import { MarkdownView } from '../../../components/ui/markdown-view'
import { Modal } from '../../../components/ui/modal'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { showFieldProblems } from '../../../lib/field-problems'
import { zodResolver } from '../../../lib/zod-resolver'
import { useSaveNote } from '../api/notes'
import { NOTE_FIELDS, type NoteFormValues, noteFormDefaults, noteFormSchema } from '../note-form'

interface NoteDialogProps {
  studentUuid: string
  studentName: string
  /** The note to edit; none to write a new one. */
  note: SessionNote | null
  /** A new note about this tutoring session: linked to it, with its date and length. */
  forSession?: NoteSessionLink | null
  open: boolean
  onClose: () => void
}

/** The tutoring session a new note is written for (its date in the viewer's zone). */
export interface NoteSessionLink {
  sessionUUID: string
  date: string
  durationMinutes: number
}

export function NoteDialog({ studentUuid, studentName, note, forSession, open, onClose }: NoteDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={note ? 'Edit session note' : 'Write a session note'}>
      <NoteForm
        studentUuid={studentUuid}
        studentName={studentName}
        note={note}
        forSession={forSession ?? null}
        onDone={onClose}
      />
    </Modal>
  )
}

function NoteForm({
  studentUuid,
  studentName,
  note,
  forSession,
  onDone,
}: Omit<NoteDialogProps, 'open' | 'onClose'> & { onDone: () => void }) {
  const saveNote = useSaveNote(studentUuid)
  const [formError, setFormError] = useState<string | null>(null)
  const [tab, setTab] = useState<'write' | 'preview'>('write')
  const form = useForm<NoteFormValues, unknown, NoteInput>({
    resolver: zodResolver(noteFormSchema) as never,
    defaultValues: forSession
      ? {
          ...noteFormDefaults(null),
          date: forSession.date,
          durationMinutes: String(forSession.durationMinutes),
        }
      : noteFormDefaults(note),
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null)
      try {
        const body = forSession ? { ...values, sessionUUID: forSession.sessionUUID } : values
        await saveNote.mutateAsync({ noteUuid: note?.uuid, body })
        toast(
          note ? 'Note saved' : values.visibility === 'shared' ? 'Note shared with the family' : 'Note saved',
        )
        onDone()
      } catch (error) {
        setTab('write')
        if (!showFieldProblems(form, error, NOTE_FIELDS)) setFormError(errorMessage(error))
      }
    },
    // An error in the text must be visible: back to Write, and focus the text when it is the first.
    (invalid) => {
      if (!invalid.body) return
      setTab('write')
      if (!invalid.date && !invalid.durationMinutes) setTimeout(() => form.setFocus('body'))
    },
  )

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Session date"
          type="date"
          max={todayAtOffset(14)}
          registration={form.register('date')}
          error={errors.date?.message}
        />
        <TextField
          label="Duration in minutes"
          inputMode="numeric"
          help={`Optional, up to ${NOTE_DURATION_MAX}.`}
          registration={form.register('durationMinutes')}
          error={errors.durationMinutes?.message}
        />
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-medium">Who can see it</legend>
        <VisibilityOption
          value="internal"
          label="Internal"
          help={`Admins and staff on ${studentName}'s team only.`}
          registration={form.register('visibility')}
        />
        <VisibilityOption
          value="shared"
          label="Shared with the family"
          help={`Also ${studentName} and their parents or guardians, who get an email saying a note was shared (never its text).`}
          registration={form.register('visibility')}
        />
      </fieldset>
      <NoteBodyField form={form} tab={tab} onTab={setTab} />
      <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
        Save note
      </SubmitButton>
    </form>
  )
}

function VisibilityOption({
  value,
  label,
  help,
  registration,
}: {
  value: 'internal' | 'shared'
  label: string
  help: string
  registration: ReturnType<ReturnType<typeof useForm<NoteFormValues>>['register']>
}) {
  const id = useId()
  return (
    <label className="flex min-h-11 items-start gap-3 py-1">
      <input
        type="radio"
        value={value}
        className="mt-0.5 size-5 shrink-0 accent-primary"
        aria-describedby={`${id}-help`}
        {...registration}
      />
      <span className="flex flex-col">
        <span className="font-medium">{label}</span>
        <span id={`${id}-help`} className="text-sm text-ink-muted">
          {help}
        </span>
      </span>
    </label>
  )
}

/** The Markdown text with Write and Preview tabs (the ARIA tabs pattern: arrow keys switch). */
function NoteBodyField({
  form,
  tab,
  onTab,
}: {
  form: ReturnType<typeof useForm<NoteFormValues, unknown, NoteInput>>
  tab: 'write' | 'preview'
  onTab: (tab: 'write' | 'preview') => void
}) {
  const id = useId()
  const error = form.formState.errors.body?.message
  const tabs = [
    { key: 'write', label: 'Write' },
    { key: 'preview', label: 'Preview' },
  ] as const
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    event.preventDefault()
    const next = tab === 'write' ? 'preview' : 'write'
    onTab(next)
    document.getElementById(`${id}-tab-${next}`)?.focus()
  }
  const body = tab === 'preview' ? form.getValues('body') : ''
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-text`} className="font-medium">
        Note
      </label>
      <div role="tablist" aria-label="Note editor" className="flex gap-1 border-b border-line">
        {tabs.map((entry) => (
          <button
            key={entry.key}
            id={`${id}-tab-${entry.key}`}
            type="button"
            role="tab"
            aria-selected={tab === entry.key}
            aria-controls={`${id}-panel-${entry.key}`}
            tabIndex={tab === entry.key ? 0 : -1}
            onClick={() => onTab(entry.key)}
            onKeyDown={onKeyDown}
            className={`-mb-px min-h-11 border-b-2 px-4 text-sm font-semibold ${
              tab === entry.key ? 'border-primary text-primary-hover' : 'border-transparent text-ink-muted'
            }`}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <div
        id={`${id}-panel-write`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-write`}
        hidden={tab !== 'write'}
      >
        <textarea
          id={`${id}-text`}
          rows={6}
          maxLength={NOTE_BODY_MAX}
          className="field-input w-full"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
          {...form.register('body')}
        />
      </div>
      <div
        id={`${id}-panel-preview`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-preview`}
        hidden={tab !== 'preview'}
        className="min-h-32 rounded-lg border border-line bg-surface-warm p-3"
      >
        {tab === 'preview' ? (
          body.trim() ? (
            <MarkdownView source={body} />
          ) : (
            <p className="text-ink-muted">Nothing to preview yet: write the note first.</p>
          )
        ) : null}
      </div>
      <p id={`${id}-help`} className="text-sm text-ink-muted">
        Markdown works: **bold**, _italic_, lists starting with -, and links as [text](https://…).
      </p>
      {error ? (
        <p id={`${id}-error`} className="flex items-start gap-1.5 text-sm font-medium text-danger">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  )
}
