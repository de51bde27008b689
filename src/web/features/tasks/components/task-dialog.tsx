import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { Student } from '../../../../shared/students'
import { TASK_DETAILS_MAX, TASK_TITLE_MAX, type Task, taskInputSchema } from '../../../../shared/tasks'
import { Alert } from '../../../components/ui/alert'
import { Modal } from '../../../components/ui/modal'
import { SelectField } from '../../../components/ui/select-field'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { showFieldProblems } from '../../../lib/field-problems'
import { assigneeOptions } from '../../../lib/plan-rules'
import { zodResolver } from '../../../lib/zod-resolver'
import { useSaveTask } from '../api'

/** The task form: the shared rules, with empty text meaning "none". */
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value)
const taskFormSchema = z.object({
  title: taskInputSchema.shape.title,
  details: z.preprocess(emptyToNull, taskInputSchema.shape.details),
  dueDate: z.preprocess(emptyToNull, taskInputSchema.shape.dueDate),
  assigneeUUID: z.string(),
})
type TaskFormValues = { title: string; details: string; dueDate: string; assigneeUUID: string }
const TASK_FIELDS = ['title', 'details', 'dueDate', 'assigneeUUID'] as const

interface TaskDialogProps {
  student: Student
  /** The task to edit; none to add one. */
  task: Task | null
  /** Only staff choose the assignee; a student's own tasks are theirs. */
  chooseAssignee: boolean
  open: boolean
  onClose: () => void
}

export function TaskDialog({ open, onClose, task, ...rest }: TaskDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={task ? 'Edit task' : 'Add task'}>
      <TaskForm key={task?.uuid ?? 'new'} task={task} onDone={onClose} {...rest} />
    </Modal>
  )
}

function TaskForm({
  student,
  task,
  chooseAssignee,
  onDone,
}: Omit<TaskDialogProps, 'open' | 'onClose'> & { onDone: () => void }) {
  const save = useSaveTask(student.uuid)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<TaskFormValues, unknown, z.output<typeof taskFormSchema>>({
    resolver: zodResolver(taskFormSchema) as never,
    defaultValues: {
      title: task?.title ?? '',
      details: task?.details ?? '',
      dueDate: task?.dueDate ?? '',
      // Someone who left the team is no longer among the choices.
      assigneeUUID: task && !task.needsNewAssignee ? task.assignee.uuid : student.uuid,
    },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ assigneeUUID, ...values }) => {
    setFormError(null)
    try {
      await save.mutateAsync({
        taskUuid: task?.uuid,
        body: { ...values, ...(chooseAssignee ? { assigneeUUID } : {}) },
      })
      toast(task ? 'Task saved' : 'Task added')
      onDone()
    } catch (error) {
      if (!showFieldProblems(form, error, TASK_FIELDS)) setFormError(errorMessage(error))
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <TextField
        label="Title"
        maxLength={TASK_TITLE_MAX}
        registration={form.register('title')}
        error={errors.title?.message}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Due date"
          type="date"
          help="Optional."
          registration={form.register('dueDate')}
          error={errors.dueDate?.message}
        />
        {chooseAssignee ? (
          <SelectField
            label="Assigned to"
            options={assigneeOptions(student).map((person) => ({ value: person.uuid, label: person.name }))}
            registration={form.register('assigneeUUID')}
            error={errors.assigneeUUID?.message}
          />
        ) : null}
      </div>
      <TextField
        label="Details"
        multiline
        maxLength={TASK_DETAILS_MAX}
        help="Optional. Markdown: **bold**, lists, links."
        registration={form.register('details')}
        error={errors.details?.message}
      />
      <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
        {task ? 'Save task' : 'Add task'}
      </SubmitButton>
    </form>
  )
}
