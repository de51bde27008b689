import { useEffect, useRef, useState } from 'react'
import { formatTimestamp } from '../../../../shared/dates'
import { describeFile, mayShowInline, type StudentDocument } from '../../../../shared/documents'
import type { Student } from '../../../../shared/students'
import type { CurrentUser } from '../../../../shared/users'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { DownloadIcon } from '../../../components/ui/icons'
import { lazyDialog } from '../../../components/ui/lazy-dialog'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import {
  canAddDocument,
  canChangeDocument,
  canFlagDocuments,
  type RecordAccess,
} from '../../../lib/record-access'
import { useDeleteDocument } from '../api/delete-document'
import { useUpdateDocument } from '../api/update-document'

const DocumentDialog = lazyDialog(() => import('./document-dialog').then((module) => module.DocumentDialog))

interface DocumentsSectionProps {
  student: Student
  viewer: CurrentUser
  access: RecordAccess
}

type Editing = { document: StudentDocument | null } | null

/** "Documents": links to essays, lists and forms; pinned first, then newest (the server's order). */
export function DocumentsSection({ student, viewer, access }: DocumentsSectionProps) {
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<StudentDocument | null>(null)
  const deleteDocument = useDeleteDocument(student.uuid)
  const canFlag = canFlagDocuments(access)

  return (
    <section aria-labelledby="documents-heading" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="documents-heading" tabIndex={-1} className="text-xl font-semibold outline-none">
          Documents
        </h2>
        {canAddDocument(access) ? (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => setEditing({ document: null })}
          >
            Add document
          </button>
        ) : null}
      </div>
      {student.documents.length === 0 ? (
        <p className="text-ink-muted">
          {canAddDocument(access)
            ? 'No documents yet. Link essay drafts, college lists and forms here so the whole team works from the same copy.'
            : 'No documents yet. The student and their educators link essay drafts, college lists and forms here.'}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {student.documents.map((document) => (
            <DocumentItem
              key={document.uuid}
              studentUuid={student.uuid}
              document={document}
              canChange={canChangeDocument(access, viewer, document)}
              canFlag={canFlag}
              onEdit={() => setEditing({ document })}
              onDelete={() => setDeleting(document)}
            />
          ))}
        </ul>
      )}
      <DocumentDialog
        studentUuid={student.uuid}
        document={editing?.document ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        canFlag={canFlag}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? `Delete '${deleting.name}'?` : ''}
        description={
          deleting?.file
            ? 'The file is deleted from this record for everyone.'
            : 'The link is removed from this record for everyone. The file it points to is not touched.'
        }
        confirmLabel="Delete document"
        fallbackFocus={() => document.getElementById('documents-heading')?.focus()}
        onConfirm={async () => {
          if (!deleting) return
          await deleteDocument.mutateAsync(deleting.uuid)
          toast('Document deleted')
        }}
      />
    </section>
  )
}

interface DocumentItemProps {
  studentUuid: string
  document: StudentDocument
  canChange: boolean
  canFlag: boolean
  onEdit: () => void
  onDelete: () => void
}

function DocumentItem({ studentUuid, document, canChange, canFlag, onEdit, onDelete }: DocumentItemProps) {
  const updateDocument = useUpdateDocument(studentUuid)
  const [error, setError] = useState<string | null>(null)
  const created = formatTimestamp(document.createdAt)
  const updated = formatTimestamp(document.updatedAt)

  // Pinning moves the document in the list, and a moved button loses the focus: it is given back
  // once the list shows the change. While saving, the button says so (aria-disabled) rather than
  // being disabled, which would also drop the focus.
  const focusAfter = useRef<HTMLButtonElement | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the flags' change is the trigger
  useEffect(() => {
    const button = focusAfter.current
    const active = globalThis.document.activeElement
    if (button && (active === null || active === globalThis.document.body)) button.focus()
    focusAfter.current = null
  }, [document.pinned, document.hidden])

  const toggle = async (flag: 'hidden' | 'pinned', button: HTMLButtonElement) => {
    if (updateDocument.isPending) return
    focusAfter.current = button
    setError(null)
    const { name, url, hidden, pinned } = document
    try {
      await updateDocument.mutateAsync({
        documentUuid: document.uuid,
        body: { name, url, hidden, pinned, [flag]: !document[flag], creatorUUID: document.creator.uuid },
      })
      const messages = {
        hidden: document.hidden ? 'Document shown to the student' : 'Document hidden from the student',
        pinned: document.pinned ? 'Document unpinned' : 'Document pinned',
      }
      toast(messages[flag])
    } catch (caught) {
      focusAfter.current = null
      setError(errorMessage(caught))
    }
  }

  return (
    <li className="flex flex-col gap-1.5 py-3 first:pt-0 last:pb-0">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          {document.file && !mayShowInline(document.file.type) ? (
            // A Word or Excel file (or text) cannot be shown in a tab: its name downloads it.
            <a
              href={document.url}
              download={document.file.name}
              className="inline-flex min-h-11 items-center font-semibold break-words"
            >
              {document.name}
            </a>
          ) : (
            <a
              href={document.file ? `${document.url}?inline` : document.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center font-semibold break-words"
            >
              {document.name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
          {document.pinned ? <Flag>Pinned</Flag> : null}
          {document.hidden ? <Flag tone="warning">Hidden from student</Flag> : null}
        </div>
        <p className="text-sm text-ink-muted">
          {document.file ? describeFile(document.file) : hostOf(document.url)} · Added by{' '}
          {document.creator.name || 'someone'} on {created}
          {updated !== created ? ` · updated ${updated}` : null}
        </p>
        {error ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
      {document.file || canChange ? (
        <div className="-ml-3 flex flex-wrap gap-1">
          {document.file ? (
            <a
              href={document.url}
              download={document.file.name}
              className="btn btn-quiet btn-small no-underline"
              aria-label={`Download '${document.name}' (${describeFile(document.file)})`}
            >
              <DownloadIcon className="size-4" />
              Download
            </a>
          ) : null}
          {canChange ? (
            <>
              <button
                type="button"
                className="btn btn-quiet btn-small"
                onClick={onEdit}
                aria-label={`Edit '${document.name}'`}
              >
                Edit
              </button>
              {canFlag ? (
                <>
                  <button
                    type="button"
                    className="btn btn-quiet btn-small"
                    aria-label={`${document.pinned ? 'Unpin' : 'Pin'} '${document.name}'`}
                    aria-disabled={updateDocument.isPending}
                    onClick={(event) => toggle('pinned', event.currentTarget)}
                  >
                    {document.pinned ? 'Unpin' : 'Pin'}
                  </button>
                  <button
                    type="button"
                    className="btn btn-quiet btn-small"
                    aria-label={`${document.hidden ? 'Show' : 'Hide'} '${document.name}'`}
                    aria-disabled={updateDocument.isPending}
                    onClick={(event) => toggle('hidden', event.currentTarget)}
                  >
                    {document.hidden ? 'Show' : 'Hide'}
                  </button>
                </>
              ) : null}
              <button
                type="button"
                className="btn btn-quiet btn-small ml-auto text-danger"
                onClick={onDelete}
                aria-label={`Delete '${document.name}'`}
              >
                Delete
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </li>
  )
}

/** Where a link goes, so a reader knows before opening it ("docs.google.com"). */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return url
  }
}

function Flag({ children, tone = 'info' }: { children: string; tone?: 'info' | 'warning' }) {
  const colors = tone === 'warning' ? 'bg-warning-soft text-warning' : 'bg-accent-soft text-accent-ink'
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${colors}`}>{children}</span>
}
