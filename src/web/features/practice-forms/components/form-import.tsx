import { useId, useState } from 'react'
import type { z } from 'zod'
import type { PracticeForm } from '../../../../shared/practice'
import type { practiceImportPreviewSchema } from '../../../../shared/practice-import'
import { sectionLayout } from '../../../../shared/practice-layouts'
import { Alert } from '../../../components/ui/alert'
import { FieldError } from '../../../components/ui/field-error'
import { SpinnerIcon } from '../../../components/ui/icons'
import { errorMessage, fieldProblems as namedFields } from '../../../lib/api-client'
import { type ImportBody, useImportForm, usePreviewFormImport } from '../api'
import { FormHeadingFields } from './form-heading-fields'

type Preview = z.infer<typeof practiceImportPreviewSchema>
type CsvField = 'questionsCsv' | 'scaleCsv'

const FILES: { field: CsvField; label: string; help: string }[] = [
  {
    field: 'questionsCsv',
    label: 'Questions',
    help: 'Columns section, number, answer, skill: one row per question. A response’s accepted values go together with semicolons, as in 3/4;.75.',
  },
  {
    field: 'scaleCsv',
    label: 'Score tables',
    help: 'Columns section, raw, scaled (or scaled_low and scaled_high for a range): one row per raw count of each section, from 0.',
  },
]

/**
 * A form from two CSV files, as people are imported: the name, test and files (chosen or pasted),
 * then "Preview" lists each section or every problem with its file, row and column, and "Save"
 * adds the form only once the preview has no problem.
 */
export function FormImport({ onImported }: { onImported: (form: PracticeForm) => void }) {
  const id = useId()
  const [body, setBody] = useState<ImportBody>({
    name: '',
    test: 'SAT',
    format: null,
    questionsCsv: '',
    scaleCsv: '',
  })
  const [fieldProblems, setFieldProblems] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const preview = usePreviewFormImport()
  const save = useImportForm()

  const change = (next: Partial<ImportBody>) => {
    setBody((current) => ({ ...current, ...next }))
    preview.reset()
    setFailure(null)
  }
  const refused = (error: unknown) => {
    const named = namedFields(error)
    setFieldProblems(Object.fromEntries(named.map((problem) => [problem.path, problem.message])))
    setFailure(named.length > 0 ? 'Fix what is marked below, then preview again.' : errorMessage(error))
  }
  const check = async () => {
    setFieldProblems({})
    setFailure(null)
    try {
      await preview.mutateAsync(body)
    } catch (error) {
      refused(error)
    }
  }
  const add = async () => {
    try {
      onImported(await save.mutateAsync(body))
    } catch (error) {
      refused(error)
    }
  }

  const fieldError = (field: string) => fieldProblems[field]
  const describedBy = (field: string, help = true) =>
    [help ? `${id}-${field}-help` : null, fieldError(field) ? `${id}-${field}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined
  return (
    <div className="flex flex-col gap-4">
      <FormHeadingFields
        idPrefix={`${id}-`}
        name={body.name}
        test={body.test}
        format={body.format}
        problems={fieldProblems}
        onName={(name) => change({ name })}
        onTest={(test, format) => change({ test, format })}
      />
      {FILES.map(({ field, label, help }) => (
        <fieldset key={field} className="flex min-w-0 flex-col gap-2">
          <legend className="font-medium">{label} CSV</legend>
          <label htmlFor={`${id}-${field}-file`} className="text-sm font-medium">
            Choose a file
          </label>
          <input
            id={`${id}-${field}-file`}
            type="file"
            accept=".csv,text/csv"
            className="field-input file:mr-3 file:rounded file:border-0 file:bg-primary-soft file:px-3 file:py-1.5 file:font-medium file:text-primary-hover"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0]
              if (file) void file.text().then((text) => change({ [field]: text }))
            }}
          />
          <label htmlFor={`${id}-${field}`} className="text-sm font-medium">
            or paste its text
          </label>
          <textarea
            id={`${id}-${field}`}
            rows={4}
            className="field-input font-mono text-sm"
            value={body[field]}
            aria-invalid={fieldError(field) ? true : undefined}
            aria-describedby={describedBy(field)}
            onChange={(event) => change({ [field]: event.target.value })}
          />
          <p id={`${id}-${field}-help`} className="text-sm text-ink-muted">
            {help}
          </p>
          <FieldError id={`${id}-${field}-error`} message={fieldError(field)} />
        </fieldset>
      ))}
      {failure ? <Alert tone="danger">{failure}</Alert> : null}
      <div>
        <button type="button" className="btn btn-secondary" disabled={preview.isPending} onClick={check}>
          {preview.isPending ? <SpinnerIcon className="size-4" /> : null}
          Preview
        </button>
      </div>
      {preview.data ? (
        <PreviewResult preview={preview.data} saving={save.isPending} onSave={() => void add()} />
      ) : null}
    </div>
  )
}

function PreviewResult({
  preview,
  saving,
  onSave,
}: {
  preview: Preview
  saving: boolean
  onSave: () => void
}) {
  if (preview.problems.length > 0) {
    const count = preview.problems.length
    return (
      <section aria-labelledby="import-preview-heading" className="flex min-w-0 flex-col gap-3">
        <h3 id="import-preview-heading" className="font-semibold">
          Preview: {count} {count === 1 ? 'problem' : 'problems'}, nothing can be saved yet
        </h3>
        <table className="data-table">
          <caption className="sr-only">The problems of the two files, by row and column</caption>
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Row</th>
              <th scope="col">Column</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {preview.problems.map((problem, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the server's list, shown as it came
              <tr key={index}>
                <td data-label="File">{problem.file === 'questions' ? 'Questions' : 'Score tables'}</td>
                <td data-label="Row">{problem.row ?? '–'}</td>
                <td data-label="Column">{problem.column ?? '–'}</td>
                <td data-label="Problem" className="cell-wide break-words text-danger">
                  {problem.message}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    )
  }
  const form = preview.form
  if (!form) return null
  return (
    <section aria-labelledby="import-preview-heading" className="flex min-w-0 flex-col gap-3">
      <h3 id="import-preview-heading" className="font-semibold break-words">
        Preview: {form.name} is ready to save
      </h3>
      <table className="data-table">
        <caption className="sr-only">The sections the files make</caption>
        <thead>
          <tr>
            <th scope="col">Section</th>
            <th scope="col">Questions</th>
            <th scope="col">Responses</th>
            <th scope="col">Table</th>
          </tr>
        </thead>
        <tbody>
          {form.sections.map((section) => {
            const first = section.scale[0]
            const last = section.scale.at(-1)
            return (
              <tr key={section.section}>
                <th scope="row" className="cell-wide text-left">
                  {sectionLayout(form.test, form.format, section.section)?.label ?? section.section}
                </th>
                <td data-label="Questions">{section.questions.length}</td>
                <td data-label="Responses">{section.questions.filter((q) => q.kind === 'spr').length}</td>
                <td data-label="Table" className="cell-wide">
                  {first && last
                    ? `${section.scale.length} rows, ${first.scaledLow} to ${last.scaledHigh}`
                    : 'No rows'}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <div>
        <button type="button" className="btn btn-primary" disabled={saving} onClick={onSave}>
          {saving ? <SpinnerIcon className="size-4" /> : null}
          Save the form
        </button>
      </div>
    </section>
  )
}
