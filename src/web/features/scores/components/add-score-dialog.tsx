import { type RefObject, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { latestScoreDate, SCORE_NOTE_MAX, SCORE_SOURCES } from '../../../../shared/scores'
import { Alert } from '../../../components/ui/alert'
import { Modal } from '../../../components/ui/modal'
import { SelectField } from '../../../components/ui/select-field'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { showFieldProblems } from '../../../lib/field-problems'
import { useWarnBeforeUnload } from '../../../lib/use-unsaved-changes'
import { zodResolver } from '../../../lib/zod-resolver'
import { type ScoreBody, useAddScore } from '../api/add-score'
import {
  ACT_SCIENCE_HELP,
  type AnyScore,
  actScoreFormSchema,
  isAlreadyRecorded,
  SOURCE_LABELS,
  satScoreFormSchema,
  sectionValue,
  type TestInfo,
} from '../score-tests'

interface AddScoreDialogProps {
  studentUuid: string
  test: TestInfo
  /** The entry to edit; none to add one. */
  entry?: AnyScore | null
  /** The entries already recorded, to ask before adding an identical one. */
  scores: AnyScore[]
  open: boolean
  onClose: () => void
}

export function AddScoreDialog({
  studentUuid,
  test,
  entry = null,
  scores,
  open,
  onClose,
}: AddScoreDialogProps) {
  const dirty = useRef(false)
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={entry ? `Edit ${test.name} score` : `Add ${test.name} score`}
      mayClose={() => !dirty.current || window.confirm(`Discard the ${test.name} score you started?`)}
    >
      <AddScoreForm
        key={entry?.uuid ?? 'new'}
        studentUuid={studentUuid}
        test={test}
        entry={entry}
        scores={scores}
        onDone={onClose}
        dirty={dirty}
      />
    </Modal>
  )
}

const SCORE_FIELDS = ['date', 'english', 'math', 'reading', 'science', 'source', 'note'] as const
type FormValues = Record<(typeof SCORE_FIELDS)[number], string>

const asText = (value: number | null | undefined) => (value == null ? '' : String(value))

function AddScoreForm({
  studentUuid,
  test,
  entry,
  scores,
  onDone,
  dirty,
}: {
  studentUuid: string
  test: TestInfo
  entry: AnyScore | null
  scores: AnyScore[]
  onDone: () => void
  /** Whether anything is typed, for the dialog to ask before closing. */
  dirty: RefObject<boolean>
}) {
  const addScore = useAddScore(studentUuid, test.kind)
  const [formError, setFormError] = useState<string | null>(null)
  /** The same score on the same day was found: the next Save adds it anyway. */
  const [confirmingDuplicate, setConfirmingDuplicate] = useState(false)
  const form = useForm<FormValues, unknown, ScoreBody>({
    resolver: zodResolver(test.kind === 'sat' ? satScoreFormSchema : actScoreFormSchema) as never,
    defaultValues: {
      date: entry?.date ?? '',
      english: asText(entry ? sectionValue(entry, 'english') : undefined),
      math: asText(entry ? sectionValue(entry, 'math') : undefined),
      reading: asText(entry ? sectionValue(entry, 'reading') : undefined),
      science: asText(entry ? sectionValue(entry, 'science') : undefined),
      source: entry?.source ?? 'official',
      note: entry?.note ?? '',
    },
  })
  const { errors, isSubmitting, isDirty } = form.formState
  dirty.current = isDirty
  useWarnBeforeUnload(isDirty)

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    const keys = test.sections.map((section) => section.key)
    if (!entry && !confirmingDuplicate && isAlreadyRecorded(scores, values, keys)) {
      setConfirmingDuplicate(true)
      return
    }
    try {
      await addScore.mutateAsync({ entryId: entry?.uuid, body: values })
      toast(entry ? `${test.name} score saved` : `${test.name} score added`)
      dirty.current = false
      onDone()
    } catch (error) {
      setConfirmingDuplicate(false)
      // A rule the server checks (400) names the field; show it there when it does.
      if (!showFieldProblems(form, error, SCORE_FIELDS)) setFormError(errorMessage(error))
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <TextField
        label="Test date"
        type="date"
        max={latestScoreDate()}
        registration={form.register('date')}
        error={errors.date?.message}
      />
      <div className="grid grid-cols-2 gap-4">
        {test.sections.map((section) => (
          <TextField
            key={section.key}
            label={section.label}
            inputMode="numeric"
            help={section.key === 'science' ? ACT_SCIENCE_HELP : undefined}
            registration={form.register(section.key)}
            error={errors[section.key]?.message}
          />
        ))}
      </div>
      <p className="-mt-2 text-sm text-ink-muted">Each section: {test.sectionHelp}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Source"
          help="Only official tests count toward the superscore."
          options={SCORE_SOURCES.map((source) => ({ value: source, label: SOURCE_LABELS[source] }))}
          registration={form.register('source')}
          error={errors.source?.message}
        />
        <TextField
          label="Note"
          help={`Optional, such as “${test.noteExample}”.`}
          maxLength={SCORE_NOTE_MAX}
          registration={form.register('note')}
          error={errors.note?.message}
        />
      </div>
      {confirmingDuplicate ? (
        <Alert tone="warning">This score is already recorded. Add it again?</Alert>
      ) : null}
      <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
        {confirmingDuplicate ? 'Add it again' : 'Save score'}
      </SubmitButton>
    </form>
  )
}
