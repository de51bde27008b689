import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import {
  COLLEGE_NAME_MAX,
  COLLEGE_NOTES_MAX,
  COLLEGE_ROUNDS,
  COLLEGE_STATUSES,
  type CollegeEntry,
  collegeInputSchema,
  ROUND_LABELS,
} from '../../../../shared/colleges'
import { Alert } from '../../../components/ui/alert'
import { Modal } from '../../../components/ui/modal'
import { SelectField } from '../../../components/ui/select-field'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { showFieldProblems } from '../../../lib/field-problems'
import { zodResolver } from '../../../lib/zod-resolver'
import { useSaveCollege } from '../api'
import { STATUS_LABELS } from '../college-words'

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value)
/** Dollars as typed ("52,000" or "$52000"); empty means not known. */
const dollarsFromText = (value: unknown) => {
  if (typeof value !== 'string') return value
  const cleaned = value.replaceAll(/[\s$,]/g, '')
  return cleaned === '' ? null : Number(cleaned)
}

const planFormSchema = z.object({
  name: collegeInputSchema.shape.name,
  round: collegeInputSchema.shape.round,
  deadline: z.preprocess(emptyToNull, collegeInputSchema.shape.deadline),
  status: z.enum(COLLEGE_STATUSES),
  notes: z.preprocess(emptyToNull, collegeInputSchema.shape.notes),
})
const aidFormSchema = z.object({
  costOfAttendance: z.preprocess(dollarsFromText, collegeInputSchema.shape.costOfAttendance),
  aidOffered: z.preprocess(dollarsFromText, collegeInputSchema.shape.aidOffered),
})

interface CollegeDialogProps {
  studentUuid: string
  /** The entry to edit; none to add one (plan editors only). */
  entry: CollegeEntry | null
  /** `plan`: name, round, deadline, status, notes. `aid`: the FAO's two figures. */
  kind: 'plan' | 'aid'
  open: boolean
  onClose: () => void
}

export function CollegeDialog({ open, onClose, entry, kind, studentUuid }: CollegeDialogProps) {
  const title = kind === 'aid' ? `Aid figures: ${entry?.name ?? ''}` : entry ? 'Edit college' : 'Add college'
  return (
    <Modal open={open} onClose={onClose} title={title}>
      {kind === 'aid' && entry ? (
        <AidForm key={entry.uuid} studentUuid={studentUuid} entry={entry} onDone={onClose} />
      ) : (
        <PlanForm key={entry?.uuid ?? 'new'} studentUuid={studentUuid} entry={entry} onDone={onClose} />
      )}
    </Modal>
  )
}

interface FormProps {
  studentUuid: string
  entry: CollegeEntry | null
  onDone: () => void
}

function PlanForm({ studentUuid, entry, onDone }: FormProps) {
  const save = useSaveCollege(studentUuid)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<z.input<typeof planFormSchema>, unknown, z.output<typeof planFormSchema>>({
    resolver: zodResolver(planFormSchema) as never,
    defaultValues: {
      name: entry?.name ?? '',
      round: entry?.round ?? 'RD',
      deadline: entry?.deadline ?? '',
      status: entry?.status ?? 'researching',
      notes: entry?.notes ?? '',
    },
  })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      await save.mutateAsync({ entryUuid: entry?.uuid, body: values })
      toast(entry ? 'College saved' : `${values.name} added to the list`)
      onDone()
    } catch (error) {
      if (!showFieldProblems(form, error, ['name', 'round', 'deadline', 'status', 'notes'])) {
        setFormError(errorMessage(error))
      }
    }
  })
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <TextField
        label="College"
        maxLength={COLLEGE_NAME_MAX}
        registration={form.register('name')}
        error={errors.name?.message as string | undefined}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Round"
          options={COLLEGE_ROUNDS.map((round) => ({ value: round, label: ROUND_LABELS[round] }))}
          registration={form.register('round')}
          error={errors.round?.message as string | undefined}
        />
        <TextField
          label="Deadline"
          type="date"
          help="Optional."
          registration={form.register('deadline')}
          error={errors.deadline?.message as string | undefined}
        />
      </div>
      <SelectField
        label="Status"
        options={COLLEGE_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
        registration={form.register('status')}
        error={errors.status?.message as string | undefined}
      />
      <TextField
        label="Notes"
        multiline
        maxLength={COLLEGE_NOTES_MAX}
        help="Optional."
        registration={form.register('notes')}
        error={errors.notes?.message as string | undefined}
      />
      <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
        {entry ? 'Save college' : 'Add college'}
      </SubmitButton>
    </form>
  )
}

function AidForm({ studentUuid, entry, onDone }: FormProps & { entry: CollegeEntry }) {
  const save = useSaveCollege(studentUuid)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<
    { costOfAttendance: string; aidOffered: string },
    unknown,
    z.output<typeof aidFormSchema>
  >({
    resolver: zodResolver(aidFormSchema) as never,
    defaultValues: {
      costOfAttendance: entry.costOfAttendance === null ? '' : String(entry.costOfAttendance),
      aidOffered: entry.aidOffered === null ? '' : String(entry.aidOffered),
    },
  })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      await save.mutateAsync({ entryUuid: entry.uuid, body: values })
      toast(`Aid figures saved for ${entry.name}`)
      onDone()
    } catch (error) {
      if (!showFieldProblems(form, error, ['costOfAttendance', 'aidOffered']))
        setFormError(errorMessage(error))
    }
  })
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <TextField
        label="Cost of attendance per year (US dollars)"
        inputMode="numeric"
        help="Tuition, fees, housing and the rest, as the college states it. Empty if not known."
        registration={form.register('costOfAttendance')}
        error={errors.costOfAttendance?.message as string | undefined}
      />
      <TextField
        label="Aid offered per year (US dollars)"
        inputMode="numeric"
        help="Grants and scholarships in the offer (not loans). Empty if not known."
        registration={form.register('aidOffered')}
        error={errors.aidOffered?.message as string | undefined}
      />
      <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
        Save aid figures
      </SubmitButton>
    </form>
  )
}
