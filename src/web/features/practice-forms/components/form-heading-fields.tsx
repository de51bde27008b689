import type { ActFormat, PracticeTest } from '../../../../shared/practice-layouts'
import { FieldError } from '../../../components/ui/field-error'

interface FormHeadingFieldsProps {
  /** Ids are `${idPrefix}name`, `…test`, `…format`, so a problem can focus its field. */
  idPrefix: string
  name: string
  test: PracticeTest
  format: ActFormat | null | undefined
  problems: Record<string, string | undefined>
  /** A form with attempts keeps its test and format. */
  locked?: boolean
  onName: (name: string) => void
  onTest: (test: PracticeTest, format: ActFormat | null) => void
}

/** A form's name, test and (for the ACT) format, as the editor and the import both ask them. */
export function FormHeadingFields({
  idPrefix,
  name,
  test,
  format,
  problems,
  locked = false,
  onName,
  onTest,
}: FormHeadingFieldsProps) {
  const id = (field: string) => `${idPrefix}${field}`
  const invalid = (field: string) =>
    problems[field] ? { 'aria-invalid': true, 'aria-describedby': `${id(field)}-error` } : {}
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id('name')} className="font-medium">
          Name
        </label>
        <input
          id={id('name')}
          className="field-input"
          maxLength={100}
          value={name}
          placeholder="Practice Test 4"
          {...invalid('name')}
          onChange={(event) => onName(event.target.value)}
        />
        <FieldError id={`${id('name')}-error`} message={problems.name} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id('test')} className="font-medium">
            Test
          </label>
          <select
            id={id('test')}
            className="field-input"
            value={test}
            disabled={locked}
            {...invalid('test')}
            onChange={(event) => {
              const next = event.target.value as PracticeTest
              onTest(next, next === 'ACT' ? 'enhanced' : null)
            }}
          >
            <option value="SAT">SAT</option>
            <option value="ACT">ACT</option>
          </select>
          <FieldError id={`${id('test')}-error`} message={problems.test} />
        </div>
        {test === 'ACT' ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={id('format')} className="font-medium">
              ACT format
            </label>
            <select
              id={id('format')}
              className="field-input"
              value={format ?? 'enhanced'}
              disabled={locked}
              {...invalid('format')}
              onChange={(event) => onTest('ACT', event.target.value as ActFormat)}
            >
              <option value="enhanced">Enhanced (from 2025)</option>
              <option value="legacy">Legacy</option>
            </select>
            <FieldError id={`${id('format')}-error`} message={problems.format} />
          </div>
        ) : null}
      </div>
    </>
  )
}
