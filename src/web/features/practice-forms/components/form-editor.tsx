import { useEffect, useState } from 'react'
import type { PracticeForm } from '../../../../shared/practice'
import { type ActFormat, layoutOf, type PracticeTest } from '../../../../shared/practice-layouts'
import { Alert } from '../../../components/ui/alert'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FieldError } from '../../../components/ui/field-error'
import { SpinnerIcon } from '../../../components/ui/icons'
import { errorMessage, fieldProblems } from '../../../lib/api-client'
import { useWarnBeforeUnload } from '../../../lib/use-unsaved-changes'
import { useCreateForm, useUpdateForm } from '../api'
import {
  bodyOf,
  draftOf,
  emptySections,
  type FormDraft,
  fieldId,
  newDraft,
  problemsByField,
} from '../form-draft'
import { FormHeadingFields } from './form-heading-fields'
import { SectionEditor, type SectionPart } from './section-editor'

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/**
 * A practice form on screen, new or saved: its name, test and format, then one section at a time
 * (its questions and its table), with the official counts already in place. A 400's problems show
 * on their fields (the first focused, its section opened); saving a form with attempts asks first,
 * since every submitted attempt is rescored and its score in the history changes with it.
 */
export function FormEditor({
  form,
  onCreated,
}: {
  form?: PracticeForm
  onCreated?: (form: PracticeForm) => void
}) {
  const [draft, setDraft] = useState<FormDraft>(() => (form ? draftOf(form) : newDraft()))
  const [dirty, setDirty] = useState(false)
  const [chosen, setChosen] = useState(0)
  const [part, setPart] = useState<SectionPart>('questions')
  const [problems, setProblems] = useState<Record<string, string>>({})
  const [focus, setFocus] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const create = useCreateForm()
  const update = useUpdateForm(form?.uuid ?? '')
  const pending = create.isPending || update.isPending
  const attempts = form?.attempts ?? 0
  const layouts = layoutOf(draft.test, draft.format)
  useWarnBeforeUnload(dirty)

  useEffect(() => {
    if (focus) document.getElementById(fieldId(focus))?.focus()
  }, [focus])

  const change = (next: Partial<FormDraft>) => {
    setDraft((current) => ({ ...current, ...next }))
    setDirty(true)
    setSaved(null)
  }
  const changeTest = (test: PracticeTest, format: ActFormat | null) => {
    change({ test, format, sections: emptySections(test, format) })
    setChosen(0)
  }

  const save = async () => {
    setFailure(null)
    setSaved(null)
    try {
      const body = bodyOf(draft)
      if (form) {
        const result = await update.mutateAsync(body)
        setProblems({})
        setDirty(false)
        setSaved(
          result.attempts > 0
            ? `Saved. Every submitted attempt was rescored: ${plural(result.rescoredAttempts, 'attempt has', 'attempts have')} a new score.`
            : 'Saved.',
        )
      } else {
        const created = await create.mutateAsync(body)
        setDirty(false)
        onCreated?.(created)
      }
    } catch (error) {
      const named = fieldProblems(error)
      const byField = problemsByField(named)
      setProblems(byField)
      const first = Object.keys(byField)[0]
      if (!first) {
        setFailure(errorMessage(error))
        return
      }
      setFailure(
        `Nothing was saved: ${plural(named.length, 'problem', 'problems')} to fix, each shown on its field.`,
      )
      const section = /^sections\.(\d+)\./.exec(first)
      if (section) setChosen(Number(section[1]))
      setPart(/^sections\.\d+\.scale/.test(first) ? 'scale' : 'questions')
      setFocus(null)
      // Focus once the section with the problem is shown.
      setTimeout(() => setFocus(first), 0)
    }
  }

  const current = draft.sections[chosen]
  const layout = layouts[chosen]
  const problemCount = (prefix: string) =>
    Object.keys(problems).filter((path) => path.startsWith(prefix)).length
  const partCount = (name: SectionPart) => problemCount(`sections.${chosen}.${name}`)

  return (
    <div className="flex flex-col gap-6">
      {attempts > 0 ? (
        <Alert tone="warning" role="status">
          This form has {plural(attempts, 'attempt', 'attempts')}. Saving a change rescores every submitted
          attempt, and the scores in those students’ history change with it. Its test and format stay as they
          are.
        </Alert>
      ) : null}
      <section aria-labelledby="form-details-heading" className="card flex flex-col gap-4 p-4 sm:p-6">
        <h2 id="form-details-heading" className="text-xl font-semibold">
          The form
        </h2>
        <FormHeadingFields
          idPrefix={fieldId('')}
          name={draft.name}
          test={draft.test}
          format={draft.format}
          problems={problems}
          locked={attempts > 0}
          onName={(name) => change({ name })}
          onTest={changeTest}
        />
        {attempts === 0 ? (
          <p className="text-sm text-ink-muted">Changing the test or format starts its sections afresh.</p>
        ) : null}
      </section>

      <section
        aria-labelledby="form-sections-heading"
        className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6"
      >
        <h2 id="form-sections-heading" className="text-xl font-semibold">
          Sections
        </h2>
        <FieldError id={`${fieldId('sections')}-error`} message={problems.sections} />
        <nav aria-label="Sections of the form" className="flex flex-wrap gap-2">
          {layouts.map((entry, index) => {
            const count = problemCount(`sections.${index}.`)
            return (
              <button
                key={entry.section}
                type="button"
                className={`btn btn-small ${index === chosen ? 'btn-primary' : 'btn-secondary'}`}
                aria-current={index === chosen ? 'true' : undefined}
                onClick={() => {
                  setChosen(index)
                  setPart('questions')
                }}
              >
                {entry.label}
                {count > 0 ? ` (${plural(count, 'problem', 'problems')})` : ''}
              </button>
            )
          })}
        </nav>
        {current && layout ? (
          <>
            {layout.optional ? (
              <label className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={current.included}
                  onChange={(event) =>
                    change({
                      sections: draft.sections.map((entry, index) =>
                        index === chosen ? { ...entry, included: event.target.checked } : entry,
                      ),
                    })
                  }
                />
                This form has a {layout.label} section
              </label>
            ) : null}
            {current.included ? (
              <div className="flex flex-wrap gap-2">
                {(['questions', 'scale'] as const).map((name) => (
                  <button
                    key={name}
                    type="button"
                    className={`btn btn-small ${part === name ? 'btn-primary' : 'btn-secondary'}`}
                    aria-pressed={part === name}
                    onClick={() => setPart(name)}
                  >
                    {name === 'questions' ? 'Questions' : 'Score table'}
                    {partCount(name) > 0 ? ` (${plural(partCount(name), 'problem', 'problems')})` : ''}
                  </button>
                ))}
              </div>
            ) : null}
            {current.included ? (
              <SectionEditor
                part={part}
                layout={layout}
                test={draft.test}
                index={chosen}
                section={current}
                problems={problems}
                onChange={(section) =>
                  change({
                    sections: draft.sections.map((entry, index) => (index === chosen ? section : entry)),
                  })
                }
              />
            ) : null}
          </>
        ) : null}
      </section>

      <div className="flex flex-col gap-3">
        {failure ? <Alert tone="danger">{failure}</Alert> : null}
        {saved ? (
          <Alert tone="success" role="status">
            {saved}
          </Alert>
        ) : null}
        <div>
          <button
            type="button"
            className="btn btn-primary"
            disabled={pending}
            onClick={() => (attempts > 0 ? setConfirming(true) : void save())}
          >
            {pending ? <SpinnerIcon className="size-4" /> : null}
            {form ? 'Save changes' : 'Save the form'}
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        tone="primary"
        title={`Save and rescore ${form?.name ?? 'this form'}?`}
        description={`Every submitted attempt of this form is scored again with the changed key and tables, and the scores in those students’ history change with it.`}
        confirmLabel="Save and rescore"
        onConfirm={save}
      />
    </div>
  )
}
