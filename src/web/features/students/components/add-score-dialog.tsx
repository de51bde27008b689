import { zodResolver } from '@hookform/resolvers/zod'
import { type RefObject, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { latestScoreDate } from '../../../../shared/scores'
import { Alert } from '../../../components/ui/alert'
import { Modal } from '../../../components/ui/modal'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { showFieldProblems } from '../../../lib/field-problems'
import { useWarnBeforeUnload } from '../../../lib/use-unsaved-changes'
import { type ScoreBody, useAddScore } from '../api/add-score'
import { actScoreFormSchema, satScoreFormSchema, type TestInfo } from '../score-tests'

interface AddScoreDialogProps {
  studentUuid: string
  test: TestInfo
  open: boolean
  onClose: () => void
}

export function AddScoreDialog({ studentUuid, test, open, onClose }: AddScoreDialogProps) {
  const dirty = useRef(false)
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Add ${test.name} score`}
      mayClose={() => !dirty.current || window.confirm(`Discard the ${test.name} score you started?`)}
    >
      <AddScoreForm studentUuid={studentUuid} test={test} onDone={onClose} dirty={dirty} />
    </Modal>
  )
}

const SCORE_FIELDS = ['date', 'english', 'math', 'reading', 'science'] as const
type FormValues = Record<(typeof SCORE_FIELDS)[number], string>

function AddScoreForm({
  studentUuid,
  test,
  onDone,
  dirty,
}: {
  studentUuid: string
  test: TestInfo
  onDone: () => void
  /** Whether anything is typed, for the dialog to ask before closing. */
  dirty: RefObject<boolean>
}) {
  const addScore = useAddScore(studentUuid, test.kind)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<FormValues, unknown, ScoreBody>({
    resolver: zodResolver(test.kind === 'sat' ? satScoreFormSchema : actScoreFormSchema) as never,
    defaultValues: { date: '', english: '', math: '', reading: '', science: '' },
  })
  const { errors, isSubmitting, isDirty } = form.formState
  dirty.current = isDirty
  useWarnBeforeUnload(isDirty)

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      await addScore.mutateAsync(values)
      toast(`${test.name} score added`)
      dirty.current = false
      onDone()
    } catch (error) {
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
            registration={form.register(section.key)}
            error={errors[section.key]?.message}
          />
        ))}
      </div>
      <p className="-mt-2 text-sm text-ink-muted">Each section: {test.sectionHelp}</p>
      <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
        Save score
      </SubmitButton>
    </form>
  )
}
