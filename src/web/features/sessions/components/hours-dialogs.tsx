import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import {
  type HourPackage,
  hourAdjustmentInputSchema,
  hourPackageInputSchema,
  PACKAGE_SERVICES,
} from '../../../../shared/hours'
import { todayIn } from '../../../../shared/tasks'
import { SERVICE_LABELS } from '../../../../shared/tutoring'
import { Alert } from '../../../components/ui/alert'
import { Modal } from '../../../components/ui/modal'
import { SelectField } from '../../../components/ui/select-field'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { showFieldProblems } from '../../../lib/field-problems'
import { zodResolver } from '../../../lib/zod-resolver'
import { useAddPackage, useAdjustHours } from '../api/hours'

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value)
const toNumber = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value) : value

/** The package form: the shared rules, the price typed in dollars. */
const packageFormSchema = z.object({
  name: hourPackageInputSchema.shape.name,
  service: hourPackageInputSchema.shape.service,
  hours: z.preprocess(toNumber, hourPackageInputSchema.shape.hours),
  pricePaid: z.preprocess(
    emptyToNull,
    z
      .string()
      .regex(/^\d+(\.\d{1,2})?$/, 'Use dollars and cents, e.g. 1200 or 1200.50.')
      .nullable(),
  ),
  purchasedOn: hourPackageInputSchema.shape.purchasedOn,
  expiresOn: z.preprocess(emptyToNull, hourPackageInputSchema.shape.expiresOn),
})
type PackageFormValues = {
  name: string
  service: string
  hours: string
  pricePaid: string
  purchasedOn: string
  expiresOn: string
}
const PACKAGE_FIELDS = ['name', 'service', 'hours', 'purchasedOn', 'expiresOn'] as const

const serviceLabel = (service: (typeof PACKAGE_SERVICES)[number]) =>
  service === 'any' ? 'Any service' : SERVICE_LABELS[service]

export function PackageDialog({
  studentUuid,
  open,
  onClose,
}: {
  studentUuid: string
  open: boolean
  onClose: () => void
}) {
  return (
    <Modal open={open} onClose={onClose} title="Add a package">
      <PackageForm studentUuid={studentUuid} onDone={onClose} />
    </Modal>
  )
}

function PackageForm({ studentUuid, onDone }: { studentUuid: string; onDone: () => void }) {
  const add = useAddPackage(studentUuid)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<PackageFormValues, unknown, z.output<typeof packageFormSchema>>({
    resolver: zodResolver(packageFormSchema) as never,
    defaultValues: {
      name: '',
      service: 'any',
      hours: '',
      pricePaid: '',
      purchasedOn: todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone),
      expiresOn: '',
    },
  })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async ({ pricePaid, ...values }) => {
    setFormError(null)
    try {
      await add.mutateAsync({
        ...values,
        pricePaidCents: pricePaid === null ? null : Math.round(Number(pricePaid) * 100),
      })
      toast('Package added')
      onDone()
    } catch (error) {
      if (!showFieldProblems(form, error, PACKAGE_FIELDS)) setFormError(errorMessage(error))
    }
  })
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <TextField
        label="Name"
        maxLength={200}
        registration={form.register('name')}
        error={errors.name?.message}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Service"
          options={PACKAGE_SERVICES.map((service) => ({ value: service, label: serviceLabel(service) }))}
          registration={form.register('service')}
          error={errors.service?.message}
        />
        <TextField
          label="Hours"
          inputMode="numeric"
          help="From 0.5 to 500, in quarter hours."
          registration={form.register('hours')}
          error={errors.hours?.message}
        />
        <TextField
          label="Purchased on"
          type="date"
          registration={form.register('purchasedOn')}
          error={errors.purchasedOn?.message}
        />
        <TextField
          label="Expires on"
          type="date"
          help="Optional."
          registration={form.register('expiresOn')}
          error={errors.expiresOn?.message}
        />
      </div>
      <TextField
        label="Price paid, in dollars"
        inputMode="numeric"
        help="Optional, for the statement. Nothing here is an invoice."
        registration={form.register('pricePaid')}
        error={errors.pricePaid?.message}
      />
      <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
        Add package
      </SubmitButton>
    </form>
  )
}

const adjustFormSchema = z.object({
  hours: z.preprocess(toNumber, hourAdjustmentInputSchema.shape.hours),
  reason: hourAdjustmentInputSchema.shape.reason,
  packageUUID: z.string(),
})
type AdjustFormValues = { hours: string; reason: string; packageUUID: string }

export function AdjustHoursDialog({
  studentUuid,
  packages,
  open,
  onClose,
}: {
  studentUuid: string
  packages: HourPackage[]
  open: boolean
  onClose: () => void
}) {
  return (
    <Modal open={open} onClose={onClose} title="Adjust hours">
      <AdjustForm studentUuid={studentUuid} packages={packages} onDone={onClose} />
    </Modal>
  )
}

function AdjustForm({
  studentUuid,
  packages,
  onDone,
}: {
  studentUuid: string
  packages: HourPackage[]
  onDone: () => void
}) {
  const adjust = useAdjustHours(studentUuid)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<AdjustFormValues, unknown, z.output<typeof adjustFormSchema>>({
    resolver: zodResolver(adjustFormSchema) as never,
    defaultValues: { hours: '', reason: '', packageUUID: '' },
  })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async ({ packageUUID, ...values }) => {
    setFormError(null)
    try {
      await adjust.mutateAsync({ ...values, ...(packageUUID ? { packageUUID } : {}) })
      toast(values.hours > 0 ? 'Hours added' : 'Hours removed')
      onDone()
    } catch (error) {
      if (!showFieldProblems(form, error, ['hours', 'reason', 'packageUUID']))
        setFormError(errorMessage(error))
    }
  })
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <TextField
        label="Hours"
        inputMode="numeric"
        help="Positive adds, negative removes (e.g. -1.5), in quarter hours."
        registration={form.register('hours')}
        error={errors.hours?.message}
      />
      <TextField
        label="Reason"
        multiline
        maxLength={500}
        help="The family sees it on the statement."
        registration={form.register('reason')}
        error={errors.reason?.message}
      />
      {packages.length > 0 ? (
        <SelectField
          label="Package"
          help="Optional: the package the hours belong to."
          options={[
            { value: '', label: 'None' },
            ...packages.map((pkg) => ({ value: pkg.uuid, label: pkg.name })),
          ]}
          registration={form.register('packageUUID')}
          error={errors.packageUUID?.message}
        />
      ) : null}
      <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
        Save adjustment
      </SubmitButton>
    </form>
  )
}
