import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { SERVICE_LABELS, SERVICES, SESSION_AGENDA_MAX, type Session } from '../../../../shared/tutoring'
import { Alert } from '../../../components/ui/alert'
import { Modal } from '../../../components/ui/modal'
import { SelectField } from '../../../components/ui/select-field'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { showFieldProblems } from '../../../lib/field-problems'
import { hoursWords, zoneCity } from '../../../lib/session-time'
import { zodResolver } from '../../../lib/zod-resolver'
import { useChangeSession, useScheduleSession } from '../api/sessions'
import {
  meetingLinkHelp,
  plannedHours,
  SERVER_FIELD_PATHS,
  type SessionFormValues,
  sessionFormDefaults,
  sessionFormSchema,
  toSessionInput,
  toSessionPatch,
} from '../session-form'
import { clashWords } from '../session-words'
import { Choice } from './choice'

type Person = { name: string; uuid: string }

export interface ScheduleDialogProps {
  open: boolean
  onClose: () => void
  viewerZone: string
  /** Who is scheduling: the meeting link's help says "you" to them. */
  viewerUuid: string
  /** The session to reschedule; none to schedule a new one (or a series). */
  session: Session | null
  /** The students to choose from: one on a record, the educator's on /schedule. */
  students: Person[]
  /** The educators who may teach: the student's team (the chosen one on /schedule). */
  educators: Person[]
  preset: { studentUUID: string; educatorUUID: string }
  /** The slot picked on the week grid. */
  slot?: { date: string; time: string } | null
  /** Hours left less the hours already scheduled ahead; scheduling past it warns. Null when unknown. */
  hoursAvailable?: number | null
}

export function ScheduleDialog({ open, onClose, session, ...rest }: ScheduleDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={session ? 'Reschedule the session' : 'Schedule a session'}>
      <ScheduleForm key={session?.uuid ?? 'new'} session={session} onDone={onClose} {...rest} />
    </Modal>
  )
}

type Clash = { kind: 'student' | 'educator'; detail: string }

function ScheduleForm({
  viewerZone,
  viewerUuid,
  session,
  students,
  educators,
  preset,
  slot,
  hoursAvailable,
  onDone,
}: Omit<ScheduleDialogProps, 'open' | 'onClose'> & { onDone: () => void }) {
  const schedule = useScheduleSession()
  const change = useChangeSession()
  const [formError, setFormError] = useState<string | null>(null)
  const [clash, setClash] = useState<Clash | null>(null)
  const form = useForm<SessionFormValues, unknown, z.output<typeof sessionFormSchema>>({
    resolver: zodResolver(sessionFormSchema) as never,
    defaultValues: sessionFormDefaults(viewerZone, slot ?? null, session, preset),
  })
  const { errors, isSubmitting } = form.formState
  const values = form.watch()

  const send = async (allowStudentClash: boolean) => {
    const current = form.getValues()
    if (session) {
      const body = toSessionPatch(current, session, viewerZone, allowStudentClash)
      await change.mutateAsync({ studentUuid: session.studentUUID, sessionUuid: session.uuid, body })
      toast('Session rescheduled')
    } else {
      const body = toSessionInput(current, viewerZone, allowStudentClash)
      const { sessions } = await schedule.mutateAsync({ studentUuid: current.studentUUID, body })
      toast(sessions.length === 1 ? 'Session scheduled' : `${sessions.length} sessions scheduled`)
    }
    onDone()
  }

  const submit = async (allowStudentClash: boolean) => {
    setFormError(null)
    setClash(null)
    try {
      await send(allowStudentClash)
    } catch (error) {
      if (isApiError(error, 409) && error.problem?.code === 'student-clash') {
        setClash({ kind: 'student', detail: clashWords('student', error.problem, viewerZone) })
      } else if (isApiError(error, 409) && error.problem?.code === 'educator-clash') {
        setClash({ kind: 'educator', detail: clashWords('educator', error.problem, viewerZone) })
      } else if (!showServerFields(error)) {
        setFormError(errorMessage(error))
      }
    }
  }

  const showServerFields = (error: unknown) => showFieldProblems(form, error, SERVER_FIELD_PATHS)

  const onSubmit = form.handleSubmit(() => submit(false))
  const hoursNeeded = session ? 0 : plannedHours(values)
  const overBalance = hoursAvailable != null && !session && hoursNeeded > hoursAvailable

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      {!session && students.length > 1 ? (
        <SelectField
          label="Student"
          options={[
            { value: '', label: 'Choose a student' },
            ...students.map((student) => ({ value: student.uuid, label: student.name || 'Unnamed student' })),
          ]}
          registration={form.register('studentUUID')}
          error={errors.studentUUID?.message}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Educator"
          options={[
            ...(educators.length === 0 ? [{ value: '', label: 'No educator on the team' }] : []),
            ...educators.map((educator) => ({
              value: educator.uuid,
              label: educator.name || 'Unnamed educator',
            })),
          ]}
          registration={form.register('educatorUUID')}
          error={errors.educatorUUID?.message}
        />
        <SelectField
          label="Service"
          options={SERVICES.map((service) => ({ value: service, label: SERVICE_LABELS[service] }))}
          registration={form.register('service')}
          error={errors.service?.message}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Date"
          type="date"
          registration={form.register('date')}
          error={errors.date?.message}
        />
        <TextField
          label="Start time"
          type="time"
          help={`Your time, ${zoneCity(viewerZone)}.`}
          registration={form.register('time')}
          error={errors.time?.message}
        />
        <TextField
          label="Minutes"
          inputMode="numeric"
          registration={form.register('durationMinutes')}
          error={errors.durationMinutes?.message}
        />
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-medium">Where</legend>
        <div className="flex flex-wrap gap-x-6">
          <Choice value="online" label="Online" registration={form.register('locationKind')} />
          <Choice value="in-person" label="In person" registration={form.register('locationKind')} />
        </div>
        {values.locationKind === 'online' ? (
          <TextField
            label="Meeting link"
            type="url"
            inputMode="url"
            help={meetingLinkHelp(values, session, educators, viewerUuid)}
            registration={form.register('meetingUrl')}
            error={errors.meetingUrl?.message}
          />
        ) : (
          <TextField label="Place" registration={form.register('place')} error={errors.place?.message} />
        )}
      </fieldset>
      <TextField
        label="Agenda"
        multiline
        maxLength={SESSION_AGENDA_MAX}
        help="Optional. Markdown: **bold**, lists, links. The family sees it."
        registration={form.register('agenda')}
        error={errors.agenda?.message}
      />
      {session ? (
        session.seriesUUID ? (
          <fieldset className="flex flex-col">
            <legend className="mb-1 font-medium">Change</legend>
            <Choice value="this" label="This session only" registration={form.register('scope')} />
            <Choice
              value="following"
              label="This and the following sessions"
              help="Each keeps its own date; the time moves by the same amount."
              registration={form.register('scope')}
            />
          </fieldset>
        ) : null
      ) : (
        <RepeatFields form={form} values={values} />
      )}
      {overBalance ? (
        <Alert tone="warning" role="status">
          This takes {hoursWords(hoursNeeded)}; the student has {hoursWords(Math.max(0, hoursAvailable ?? 0))}{' '}
          left after the sessions already scheduled. You can still schedule it; the family may need more
          hours.
        </Alert>
      ) : null}
      {clash?.kind === 'educator' ? <Alert tone="danger">{clash.detail}</Alert> : null}
      {clash?.kind === 'student' ? (
        <div className="flex flex-col gap-3">
          <Alert tone="warning">{clash.detail}</Alert>
          <button
            type="button"
            className="btn btn-secondary self-start"
            disabled={isSubmitting}
            onClick={() => form.handleSubmit(() => submit(true))()}
          >
            Schedule anyway
          </button>
        </div>
      ) : null}
      <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
        {session ? 'Save changes' : values.repeat ? 'Schedule the series' : 'Schedule'}
      </SubmitButton>
    </form>
  )
}

function RepeatFields({
  form,
  values,
}: {
  form: ReturnType<typeof useForm<SessionFormValues, unknown, z.output<typeof sessionFormSchema>>>
  values: SessionFormValues
}) {
  const { errors } = form.formState
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">Repeat</legend>
      <Choice type="checkbox" label="Repeat weekly" registration={form.register('repeat')} />
      {values.repeat ? (
        <div className="flex flex-col gap-3 border-l-2 border-line pl-4">
          <SelectField
            label="Every"
            options={[1, 2, 3, 4].map((weeks) => ({
              value: String(weeks),
              label: weeks === 1 ? 'Week' : `${weeks} weeks`,
            }))}
            registration={form.register('everyWeeks')}
            error={errors.everyWeeks?.message}
          />
          <div className="flex flex-wrap gap-x-6">
            <Choice value="count" label="A number of times" registration={form.register('ends')} />
            <Choice value="until" label="Until a date" registration={form.register('ends')} />
          </div>
          {values.ends === 'count' ? (
            <TextField
              label="How many sessions"
              inputMode="numeric"
              help="Up to 52, this one included."
              registration={form.register('count')}
              error={errors.count?.message}
            />
          ) : (
            <TextField
              label="Last date"
              type="date"
              registration={form.register('until')}
              error={errors.until?.message}
            />
          )}
        </div>
      ) : null}
    </fieldset>
  )
}
