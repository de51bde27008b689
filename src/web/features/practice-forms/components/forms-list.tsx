import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { formatTimestamp } from '../../../../shared/dates'
import type { PracticeForm, practiceFormSummarySchema } from '../../../../shared/practice'
import { testLabel } from '../../../../shared/practice-layouts'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { toast } from '../../../components/ui/toast'
import { practiceFormsQueryOptions, useDeleteForm } from '../api'

type FormSummary = ReturnType<typeof practiceFormSummarySchema.parse>

/** "Reading and Writing 54 · Math 44". */
export const sectionWords = (sections: FormSummary['sections'] | PracticeForm['sections']) =>
  sections
    .map(
      (section) =>
        `${section.label} ${typeof section.questions === 'number' ? section.questions : section.questions.length}`,
    )
    .join(' · ')

/**
 * The forms, by name: test and format, sections with their question counts, attempts and when
 * each last changed, each opening its editor. Deleting asks first; a form with attempts offers
 * no delete (the server refuses it, and the dialog would show its words if a first attempt came
 * in meanwhile).
 */
export function FormsList() {
  const { forms } = useSuspenseQuery(practiceFormsQueryOptions()).data
  const remove = useDeleteForm()
  const [deleting, setDeleting] = useState<FormSummary | null>(null)
  if (forms.length === 0) {
    return (
      <p className="text-ink-muted">No practice tests yet. Add one on screen or import one from CSV files.</p>
    )
  }
  return (
    <>
      <table className="data-table">
        <caption className="sr-only">Practice test forms</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Test</th>
            <th scope="col">Sections</th>
            <th scope="col">Attempts</th>
            <th scope="col">Updated</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {forms.map((form) => (
            <tr key={form.uuid}>
              <th scope="row" className="cell-wide text-left font-semibold break-words">
                <Link
                  to="/admin/practice-tests/$formId"
                  params={{ formId: form.uuid }}
                  className="inline-flex min-h-11 items-center"
                >
                  {form.name}
                </Link>
              </th>
              <td data-label="Test">{testLabel(form.test, form.format)}</td>
              <td data-label="Sections" className="cell-wide">
                {sectionWords(form.sections)}
              </td>
              <td data-label="Attempts" className="tabular-nums">
                {form.attempts}
              </td>
              <td data-label="Updated">{formatTimestamp(form.updatedAt, 'UTC')}</td>
              <td className="cell-wide">
                {/* A form with attempts stays (the server refuses it): no button that only fails. */}
                {form.attempts === 0 ? (
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    aria-label={`Delete ${form.name}`}
                    onClick={() => setDeleting(form)}
                  >
                    Delete
                  </button>
                ) : (
                  <span className="text-sm text-ink-muted">Kept: it has attempts</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'this form'}?`}
        description="Its key and tables go with it."
        confirmLabel="Delete the form"
        onConfirm={async () => {
          if (!deleting) return
          await remove.mutateAsync(deleting.uuid)
          toast(`${deleting.name} deleted`)
        }}
        fallbackFocus={() => document.getElementById('forms-heading')?.focus()}
      />
    </>
  )
}
