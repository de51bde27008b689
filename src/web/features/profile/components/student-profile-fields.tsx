import { useId } from 'react'
import { PLANNED_TESTS, SCHOOL_MAX, TEST_DATES_MAX } from '../../../../shared/student-profile'
import { FieldError } from '../../../components/ui/field-error'
import { classYears, newTestDateRow, type ProfileDraft } from '../profile-draft'

interface StudentProfileFieldsProps {
  draft: ProfileDraft
  onChange: (draft: ProfileDraft) => void
  /** Messages by field path as the server names them (`classYear`, `testDates.0.date`). */
  errors: Record<string, string>
  /** The earliest date a new test date may have (today, in the viewer's calendar). */
  today: string
}

/**
 * The student profile's fields: class year, school and planned test dates (several, each SAT or
 * ACT with a date). The same fields at onboarding and in Settings; the caller saves them.
 */
export function StudentProfileFields({ draft, onChange, errors, today }: StudentProfileFieldsProps) {
  const id = useId()
  const set = (change: Partial<ProfileDraft>) => onChange({ ...draft, ...change })
  const setRow = (key: number, change: Partial<ProfileDraft['testDates'][number]>) =>
    set({ testDates: draft.testDates.map((row) => (row.key === key ? { ...row, ...change } : row)) })
  // A row's place among the rows sent (rows with no date are not sent), for the server's paths.
  let sent = -1
  const sentIndex = draft.testDates.map((row) => (row.date ? ++sent : -1))

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-year`} className="font-medium">
          Class year
        </label>
        <select
          id={`${id}-year`}
          className="field-input sm:max-w-48"
          value={draft.classYear}
          aria-invalid={errors.classYear ? true : undefined}
          aria-describedby={`${id}-year-help${errors.classYear ? ` ${id}-year-error` : ''}`}
          onChange={(event) => set({ classYear: event.target.value })}
        >
          <option value="">Not given</option>
          {classYears().map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
        <p id={`${id}-year-help`} className="text-sm text-ink-muted">
          The year you finish high school.
        </p>
        <FieldError id={`${id}-year-error`} message={errors.classYear} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-school`} className="font-medium">
          School
        </label>
        <input
          id={`${id}-school`}
          className="field-input"
          value={draft.school}
          maxLength={SCHOOL_MAX}
          autoComplete="off"
          aria-invalid={errors.school ? true : undefined}
          aria-describedby={errors.school ? `${id}-school-error` : undefined}
          onChange={(event) => set({ school: event.target.value })}
        />
        <FieldError id={`${id}-school-error`} message={errors.school} />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="font-medium">Planned test dates</legend>
        <p className="-mt-1 text-sm text-ink-muted">
          The SAT and ACT sittings you plan to take; they appear in your calendar feed.
        </p>
        {draft.testDates.length > 0 ? (
          <ul className="flex flex-col gap-3">
            {draft.testDates.map((row, index) => {
              const path = `testDates.${sentIndex[index]}`
              const dateError = errors[`${path}.date`] ?? errors[`${path}.test`]
              const rowLabel = `test date ${index + 1}`
              return (
                <li key={row.key} className="flex flex-col gap-1.5">
                  <div className="flex flex-wrap items-end gap-2">
                    <div className="flex flex-col gap-1">
                      <label htmlFor={`${id}-test-${row.key}`} className="text-sm">
                        Test <span className="sr-only">for {rowLabel}</span>
                      </label>
                      <select
                        id={`${id}-test-${row.key}`}
                        className="field-input w-24"
                        value={row.test}
                        onChange={(event) =>
                          setRow(row.key, { test: event.target.value as (typeof PLANNED_TESTS)[number] })
                        }
                      >
                        {PLANNED_TESTS.map((test) => (
                          <option key={test} value={test}>
                            {test}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div className="flex min-w-40 flex-1 flex-col gap-1 sm:max-w-60">
                      <label htmlFor={`${id}-date-${row.key}`} className="text-sm">
                        Date <span className="sr-only">of {rowLabel}</span>
                      </label>
                      <input
                        id={`${id}-date-${row.key}`}
                        type="date"
                        className="field-input"
                        value={row.date}
                        min={today}
                        aria-invalid={dateError ? true : undefined}
                        aria-describedby={dateError ? `${id}-date-${row.key}-error` : undefined}
                        onChange={(event) => setRow(row.key, { date: event.target.value })}
                      />
                    </div>
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      onClick={() =>
                        set({ testDates: draft.testDates.filter((other) => other.key !== row.key) })
                      }
                    >
                      Remove <span className="sr-only">{rowLabel}</span>
                    </button>
                  </div>
                  <FieldError id={`${id}-date-${row.key}-error`} message={dateError} />
                </li>
              )
            })}
          </ul>
        ) : null}
        <FieldError id={`${id}-dates-error`} message={errors.testDates} />
        <div>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={draft.testDates.length >= TEST_DATES_MAX}
            onClick={() => set({ testDates: [...draft.testDates, newTestDateRow()] })}
          >
            Add a test date
          </button>
        </div>
      </fieldset>
    </div>
  )
}
