import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { type BroadcastInput, MESSAGE_BODY_MAX } from '../../../../shared/messages'
import type { StudentRef } from '../../../../shared/students'
import { Alert } from '../../../components/ui/alert'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import {
  activeStudentsQueryOptions,
  educatorStudentsQueryOptions,
  educatorsQueryOptions,
  sendBroadcast,
} from '../api/messages'
import { StudentPicker } from './student-picker'

type Audience = BroadcastInput['to']['kind']

const studentsWords = (count: number) => `${count} ${count === 1 ? 'student' : 'students'}`

/**
 * /admin/broadcast: one message to the Family conversations of many students (all active ones,
 * one educator's, or a picked list). The confirmation names how many; each arrives as a normal
 * message, with the usual batched email.
 */
export function BroadcastForm() {
  const id = useId()
  const [body, setBody] = useState('')
  const [audience, setAudience] = useState<Audience>('all-active')
  const [educator, setEducator] = useState('')
  const [picked, setPicked] = useState<string[]>([])
  const [confirming, setConfirming] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)
  const students = useQuery(activeStudentsQueryOptions())
  const educators = useQuery(educatorsQueryOptions())
  const ofEducator = useQuery({ ...educatorStudentsQueryOptions(educator), enabled: educator !== '' })

  const reached: StudentRef[] | undefined =
    audience === 'all-active'
      ? students.data?.students
      : audience === 'educator'
        ? educator
          ? ofEducator.data?.students
          : []
        : (students.data?.students ?? []).filter((student) => picked.includes(student.uuid))
  const count = reached?.length

  const to = (): BroadcastInput['to'] =>
    audience === 'all-active'
      ? { kind: 'all-active' }
      : audience === 'educator'
        ? { kind: 'educator', educatorUUID: educator }
        : { kind: 'students', studentUUIDs: picked }

  const review = () => {
    setSent(null)
    if (body.trim() === '') return setProblem('Write the message first.')
    if (audience === 'educator' && !educator) return setProblem('Choose an educator.')
    if (audience === 'students' && picked.length === 0) return setProblem('Pick at least one student.')
    if (count === 0) return setProblem('Nobody to send it to: no active student matches.')
    setProblem(null)
    setConfirming(true)
  }

  const option = (value: Audience, label: string) => (
    <label className="flex min-h-11 items-center gap-3">
      <input
        type="radio"
        name={`${id}-audience`}
        className="size-5 shrink-0 accent-primary"
        checked={audience === value}
        onChange={() => setAudience(value)}
      />
      <span>{label}</span>
    </label>
  )

  return (
    <form
      className="card flex min-w-0 flex-col gap-5 p-4 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault()
        review()
      }}
    >
      {sent ? (
        <Alert tone="success" role="status">
          {sent}
        </Alert>
      ) : null}
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-body`} className="font-medium">
          Message
        </label>
        <textarea
          id={`${id}-body`}
          rows={6}
          maxLength={MESSAGE_BODY_MAX}
          className="field-input w-full"
          value={body}
          aria-describedby={`${id}-body-help`}
          onChange={(event) => setBody(event.target.value)}
        />
        <p id={`${id}-body-help`} className="text-sm text-ink-muted">
          Markdown works. It arrives in each student's Family conversation: the student, their parents or
          guardians and their team read it there.
        </p>
      </div>
      <fieldset className="flex min-w-0 flex-col gap-1">
        <legend className="mb-1 font-medium">Send to</legend>
        {option(
          'all-active',
          `All active students${students.data ? ` (${students.data.students.length})` : ''}`,
        )}
        {option('educator', 'The students of one educator')}
        {audience === 'educator' ? (
          <div className="ml-8 flex flex-col gap-1">
            <label htmlFor={`${id}-educator`} className="text-sm font-medium">
              Educator
            </label>
            <select
              id={`${id}-educator`}
              className="field-input w-full max-w-sm"
              value={educator}
              onChange={(event) => setEducator(event.target.value)}
            >
              <option value="">
                {educators.isPending ? 'Loading the educators…' : 'Choose an educator'}
              </option>
              {(educators.data ?? []).map((user) => (
                <option key={user.uuid} value={user.uuid}>
                  {user.name || user.email}
                </option>
              ))}
            </select>
            {educators.isError ? (
              <Alert tone="danger">The educators could not be loaded: {errorMessage(educators.error)}</Alert>
            ) : null}
            {educator && ofEducator.data ? (
              <p className="text-sm text-ink-muted">
                {studentsWords(ofEducator.data.students.length)} on their teams.
              </p>
            ) : null}
          </div>
        ) : null}
        {option('students', 'Students I pick')}
        {audience === 'students' ? (
          <StudentPicker students={students.data?.students ?? []} picked={picked} onChange={setPicked} />
        ) : null}
      </fieldset>
      {students.isError ? (
        <Alert tone="danger">The students could not be loaded: {errorMessage(students.error)}</Alert>
      ) : null}
      <div>
        <button type="submit" className="btn btn-primary">
          Review and send
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        tone="primary"
        title={`Send this message to ${count === undefined ? 'these students' : studentsWords(count)}?`}
        description="Each gets it in their Family conversation, as a message from you. It cannot be unsent all at once."
        confirmLabel={`Send to ${count === undefined ? 'them' : studentsWords(count)}`}
        onConfirm={async () => {
          const result = await sendBroadcast({ body, to: to() })
          setSent(`Sent to ${studentsWords(result.sent)}.`)
          toast(`Sent to ${studentsWords(result.sent)}`)
          setBody('')
          setPicked([])
        }}
      />
    </form>
  )
}
