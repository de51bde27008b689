import { useId, useRef, useState } from 'react'
import {
  IMPORT_MAX_CHARS,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportStatus,
} from '../../../../shared/people-import'
import { inviteRoleLabels } from '../../../../shared/roles'
import { Alert } from '../../../components/ui/alert'
import { SpinnerIcon } from '../../../components/ui/icons'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useReveal } from '../../../lib/use-reveal'
import { useImportInvites, usePreviewImport } from '../api/import-invites'

const STATUS_LABELS: Record<ImportStatus, string> = {
  new: 'New invite',
  invited: 'Already invited',
  user: 'Already a user',
  error: 'Error',
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** "rows 7 and 9", "rows 3, 4, 5 and 12 more": which rows an import left out, by their numbers. */
export function rowNumbersWords(rows: number[]): string {
  const shown = rows.slice(0, 10)
  const more = rows.length - shown.length
  const last = more > 0 ? `${more} more` : shown.pop()
  return `${rows.length === 1 ? 'row' : 'rows'} ${shown.length > 0 ? `${shown.join(', ')} and ${last}` : last}`
}

/** "12 new invites, 3 already invited, 2 already users, 1 error". */
export function previewSummary(counts: ImportPreview['counts']): string {
  return [
    plural(counts.new, 'new invite', 'new invites'),
    `${counts.invited} already invited`,
    plural(counts.user, 'already a user', 'already users'),
    plural(counts.error, 'error', 'errors'),
  ].join(', ')
}

/**
 * "Invite from a CSV file": choose a file, see what would happen to each row, then send. Nothing
 * is written before "Send N invites"; people already invited or with an account are skipped.
 */
export function InviteImport() {
  const inputId = useId()
  const helpId = `${inputId}-help`
  const input = useRef<HTMLInputElement>(null)
  const preview = usePreviewImport()
  const send = useImportInvites()
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  // The result replaces the preview: it takes the focus, so that nobody is left on a page's top.
  const resultBox = useReveal<HTMLDivElement>(done)

  const choose = async (chosen: File | undefined) => {
    setFileError(null)
    setDone(null)
    preview.reset()
    setFile(null)
    if (!chosen) return
    const csv = await chosen.text()
    if (csv.length > IMPORT_MAX_CHARS) {
      setFileError(
        `This file is too large: use at most ${IMPORT_MAX_CHARS / 1000} KB, or split it in several files.`,
      )
      return
    }
    setFile({ name: chosen.name, csv })
    preview.mutate(csv)
  }

  const startOver = () => {
    preview.reset()
    setFile(null)
    if (input.current) input.current.value = ''
  }

  const sendInvites = async () => {
    if (!file) return
    const leftOut = preview.data?.rows.filter((row) => row.status === 'error').map((row) => row.row) ?? []
    try {
      const result = await send.mutateAsync(file.csv)
      // "Sent" only when the mail server took them; the outbox reaches nobody (invite-mail-words.ts).
      const sentText = result.outbox
        ? `${plural(result.invited, 'invite', 'invites')} created; the emails were put in the server's outbox, not sent: share each link from the list below`
        : plural(result.invited, 'invite sent', 'invites sent')
      const notes = [
        result.skipped > 0 ? `${result.skipped} skipped (already invited or already users)` : null,
        result.errors > 0
          ? `${plural(result.errors, 'row with an error left out', 'rows with errors left out')}${
              leftOut.length === result.errors
                ? ` (${rowNumbersWords(leftOut)}): fix and import them again`
                : ''
            }`
          : null,
        result.mailFailed > 0
          ? `${plural(result.mailFailed, 'email', 'emails')} could not be sent: resend from the list below`
          : null,
      ].filter(Boolean)
      setDone(`${[sentText, ...notes].join('; ')}.`)
      toast(result.outbox ? plural(result.invited, 'invite created', 'invites created') : sentText)
      startOver()
    } catch (error) {
      setFileError(errorMessage(error))
    }
  }

  const data = preview.data
  return (
    <div className="flex flex-col gap-4">
      <div ref={resultBox} tabIndex={-1} className={done ? 'outline-none' : 'hidden'}>
        {done ? (
          <Alert tone="success" role="status">
            {done}
          </Alert>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="font-medium text-ink">
          CSV file
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={helpId}
          className="field-input file:mr-3 file:rounded file:border-0 file:bg-primary-soft file:px-3 file:py-1.5 file:font-medium file:text-primary-hover"
          onChange={(event) => void choose(event.currentTarget.files?.[0])}
        />
        <p id={helpId} className="text-sm text-ink-muted">
          The first row names the columns <code>name</code>, <code>email</code> and <code>roles</code>. Roles
          are student, educator, fao, admin or guardian; several go with semicolons, as in{' '}
          <code>educator;fao</code>. A guardian row also gives the student's email in a{' '}
          <code>guardian of</code> column, and may give a <code>relationship</code> (Parent when empty). You
          see what would happen to each row before anything is sent.
        </p>
      </div>
      {fileError ? <Alert tone="danger">{fileError}</Alert> : null}
      {preview.isPending ? (
        <p role="status" className="flex items-center gap-2 text-ink-muted">
          <SpinnerIcon className="size-4" /> Reading {file?.name}…
        </p>
      ) : null}
      {preview.isError ? <Alert tone="danger">{errorMessage(preview.error)}</Alert> : null}
      {data && file ? (
        <PreviewResult
          preview={data}
          fileName={file.name}
          sending={send.isPending}
          onSend={() => void sendInvites()}
          onCancel={startOver}
        />
      ) : null}
    </div>
  )
}

function PreviewResult({
  preview,
  fileName,
  sending,
  onSend,
  onCancel,
}: {
  preview: ImportPreview
  fileName: string
  sending: boolean
  onSend: () => void
  onCancel: () => void
}) {
  const fresh = preview.counts.new
  return (
    <div className="flex flex-col gap-4">
      <h3 className="font-semibold break-words">
        Preview of {fileName}: {previewSummary(preview.counts)}
      </h3>
      <table className="data-table">
        <caption className="sr-only">What sending would do with each row of {fileName}</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Roles</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => (
            <PreviewRow key={row.row} row={row} />
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap gap-3">
        {fresh > 0 ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={sending}
            aria-disabled={sending}
            onClick={onSend}
          >
            {sending ? (
              <>
                <SpinnerIcon className="size-4" /> Sending…
              </>
            ) : (
              `Send ${plural(fresh, 'invite', 'invites')}`
            )}
          </button>
        ) : (
          <p className="text-ink-muted">
            Nothing new to send: everyone in this file is invited already, has an account, or has an error.
          </p>
        )}
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={sending}>
          Choose another file
        </button>
      </div>
    </div>
  )
}

function PreviewRow({ row }: { row: ImportPreviewRow }) {
  const roles = inviteRoleLabels({
    admin: row.roles.includes('admin'),
    fao: row.roles.includes('fao'),
    educator: row.roles.includes('educator'),
    student: row.roles.includes('student'),
    guardian: row.roles.includes('guardian'),
  }).map((label) =>
    label === 'Guardian' && row.guardianOf ? `Guardian of ${row.guardianOf} (${row.relationship})` : label,
  )
  return (
    <tr>
      <td data-label="Row">{row.row}</td>
      <td data-label="Name" className="break-words">
        {row.name || '—'}
      </td>
      <td data-label="Email" className="cell-wide [overflow-wrap:anywhere] lg:[overflow-wrap:break-word]">
        {row.email || '—'}
      </td>
      <td data-label="Roles">{roles.join(', ') || '—'}</td>
      <td
        data-label="Result"
        className={row.status === 'error' ? 'cell-wide font-medium text-danger' : 'font-medium'}
      >
        {row.status === 'error' ? (
          <span>
            {/* The row's number is its first cell: each problem names only its column, as the table's heading would. */}
            {row.problems
              .map(
                (problem) =>
                  `${problem.column[0]!.toUpperCase()}${problem.column.slice(1)}: ${problem.message}`,
              )
              .join(' ')}
          </span>
        ) : (
          STATUS_LABELS[row.status]
        )}
      </td>
    </tr>
  )
}
