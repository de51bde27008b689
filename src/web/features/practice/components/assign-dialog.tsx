import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { assignInputSchema } from '../../../../shared/practice'
import type { Student } from '../../../../shared/students'
import { Alert } from '../../../components/ui/alert'
import { Modal } from '../../../components/ui/modal'
import { SelectField } from '../../../components/ui/select-field'
import { ListSkeleton } from '../../../components/ui/skeleton'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { showFieldProblems } from '../../../lib/field-problems'
import { practiceFormsQueryOptions, useAssignPractice } from '../api'

const assignFormSchema = z.object({
  formUUID: z.string().min(1, 'Choose a form.'),
  dueDate: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    assignInputSchema.shape.dueDate,
  ),
})
type AssignValues = { formUUID: string; dueDate: string }
const ASSIGN_FIELDS = ['formUUID', 'dueDate'] as const

interface AssignDialogProps {
  student: Student
  open: boolean
  onClose: () => void
}

/** "Assign a practice test": a form and an optional due date; the server adds the task too. */
export function AssignDialog({ student, open, onClose }: AssignDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title="Assign a practice test">
      <AssignForm student={student} onDone={onClose} />
    </Modal>
  )
}

function AssignForm({ student, onDone }: { student: Student; onDone: () => void }) {
  const forms = useQuery(practiceFormsQueryOptions())
  const assign = useAssignPractice(student.uuid)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<AssignValues, unknown, z.output<typeof assignFormSchema>>({
    resolver: zodResolver(assignFormSchema) as never,
    defaultValues: { formUUID: '', dueDate: '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      const attempt = await assign.mutateAsync({ formUUID: values.formUUID, dueDate: values.dueDate ?? null })
      toast(`“${attempt.form.name}” assigned; the task “Take ${attempt.form.name}” is on the plan`)
      onDone()
    } catch (error) {
      if (!showFieldProblems(form, error, ASSIGN_FIELDS)) setFormError(errorMessage(error))
    }
  })

  if (forms.isPending) return <ListSkeleton label="Loading the forms…" rows={['h-11 w-full', 'h-11 w-40']} />
  if (forms.isError)
    return <Alert tone="danger">The forms could not be loaded: {errorMessage(forms.error)}</Alert>
  if (forms.data.forms.length === 0) {
    return <p className="text-ink-muted">There are no practice test forms yet. An admin adds them first.</p>
  }
  const options = [
    { value: '', label: 'Choose a form' },
    ...forms.data.forms.map((entry) => ({
      value: entry.uuid,
      label: `${entry.name} (${entry.test === 'ACT' ? `ACT, ${entry.format}` : 'SAT'})`,
    })),
  ]
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <SelectField
        label="Form"
        options={options}
        registration={form.register('formUUID')}
        error={errors.formUUID?.message}
      />
      <TextField
        label="Due date"
        type="date"
        help="Optional. The task on the plan is due that day."
        registration={form.register('dueDate')}
        error={errors.dueDate?.message}
      />
      <p className="text-sm text-ink-muted">
        This also adds the task “Take …” with the form's name to {student.name || 'the student'}'s plan.
      </p>
      <SubmitButton pending={isSubmitting} pendingLabel="Assigning…">
        Assign
      </SubmitButton>
    </form>
  )
}
