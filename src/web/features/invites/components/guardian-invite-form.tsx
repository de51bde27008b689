import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { guardianInviteBodySchema, RELATIONSHIP_MAX } from '../../../../shared/guardians'
import { NAME_MAX } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { CopyLink } from '../../../components/ui/copy-link'
import { SpinnerIcon } from '../../../components/ui/icons'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { errorMessage } from '../../../lib/api-client'
import { showFieldProblems } from '../../../lib/field-problems'
import { guardianInviteWords } from '../../../lib/invite-mail-outcome'
import { useReveal } from '../../../lib/use-reveal'
import { zodResolver } from '../../../lib/zod-resolver'
import { studentChoicesQueryOptions, useInviteGuardian } from '../api/invite-guardian'

const formSchema = guardianInviteBodySchema.extend({
  student: z.string().min(1, 'Choose the student they are a parent or guardian of.'),
})
type FormInput = z.input<typeof formSchema>
type FormValues = z.output<typeof formSchema>

type Outcome =
  | { kind: 'invited'; words: string; link: string; email: string }
  | { kind: 'linked'; name: string; studentName: string }

/**
 * A parent or guardian of one student, invited from Manage Users: the same guardian invite the
 * record's Family card makes (an existing account is linked at once, as there).
 */
export function GuardianInviteForm() {
  const students = useQuery(studentChoicesQueryOptions())
  const inviteGuardian = useInviteGuardian()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  // The form stays open for the link: its confirmation is shown below it, in view, not as a toast.
  const revealed = useReveal<HTMLDivElement>(outcome)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { student: '', name: '', email: '', relationship: '' },
  })
  const { errors, isSubmitting } = form.formState
  const choices = students.data?.students ?? []

  const onSubmit = form.handleSubmit(async ({ student, ...body }) => {
    setFormError(null)
    setOutcome(null)
    const studentName = choices.find((choice) => choice.uuid === student)?.name || 'the student'
    try {
      const result = await inviteGuardian.mutateAsync({ studentUuid: student, body })
      if (result.guardian) {
        setOutcome({ kind: 'linked', name: result.guardian.name || body.email, studentName })
      } else {
        const words = guardianInviteWords(body.email, result.mail)
        setOutcome({ kind: 'invited', words, link: result.link ?? '', email: body.email })
      }
      form.reset()
    } catch (error) {
      if (!showFieldProblems(form, error, ['email', 'relationship', 'name']))
        setFormError(errorMessage(error))
    }
  })

  if (students.isError) {
    return <Alert tone="danger">The students could not be loaded: {errorMessage(students.error)}</Alert>
  }
  return (
    <div className="flex flex-col gap-5">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {formError ? <Alert tone="danger">Could not invite them: {formError}</Alert> : null}
        <SelectField
          label="Student"
          help={students.isPending ? 'Loading the students…' : undefined}
          options={[
            { value: '', label: choices.length === 0 ? 'No active students' : 'Choose a student' },
            ...choices.map((choice) => ({ value: choice.uuid, label: choice.name || 'Unnamed student' })),
          ]}
          registration={form.register('student')}
          error={errors.student?.message}
        />
        <TextField
          label="Relationship"
          help={`Such as Mother or Legal guardian (at most ${RELATIONSHIP_MAX} characters).`}
          maxLength={RELATIONSHIP_MAX}
          registration={form.register('relationship')}
          error={errors.relationship?.message}
        />
        <TextField
          label="Name (optional)"
          help="The invite list shows it and the email greets them by it."
          maxLength={NAME_MAX}
          autoComplete="off"
          registration={form.register('name')}
          error={errors.name?.message}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          help="We email them a link to create an account, or link their account at once if they have one."
          registration={form.register('email')}
          error={errors.email?.message}
        />
        <div>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={isSubmitting}
            aria-disabled={isSubmitting}
          >
            {isSubmitting ? <SpinnerIcon className="size-4" /> : null}
            {isSubmitting ? 'Inviting…' : 'Invite guardian'}
          </button>
        </div>
      </form>
      {outcome ? (
        <div
          ref={revealed}
          tabIndex={-1}
          className="flex flex-col gap-3 rounded-lg border border-success/40 bg-success-soft/40 p-4 outline-none"
        >
          {outcome.kind === 'invited' ? (
            <>
              <Alert tone="success" role="status">
                {outcome.words}
              </Alert>
              {outcome.link ? (
                <CopyLink url={outcome.link} context={`for ${outcome.email}`} showField />
              ) : null}
            </>
          ) : (
            <Alert tone="success" role="status">
              {outcome.name} already had an account and is now linked to {outcome.studentName} as their
              guardian.
            </Alert>
          )}
        </div>
      ) : null}
    </div>
  )
}
