import { useId } from 'react'
import { RELATIONSHIP_MAX } from '../../../shared/guardians'
import { ONBOARDING_GUARDIANS_MAX } from '../../../shared/student-profile'
import { NAME_MAX } from '../../../shared/users'
import { FieldError } from '../../components/ui/field-error'

export interface ParentRow {
  key: number
  name: string
  email: string
  relationship: string
}

let nextKey = 0
export const newParentRow = (): ParentRow => ({ key: ++nextKey, name: '', email: '', relationship: 'Parent' })

/** The rows to send: those with an email (an empty row is not an invite). */
export const parentsToInvite = (rows: ParentRow[]) =>
  rows
    .filter((row) => row.email.trim())
    .map((row) => ({
      email: row.email.trim(),
      relationship: row.relationship.trim() || 'Parent',
      ...(row.name.trim() ? { name: row.name.trim() } : {}),
    }))

/**
 * "Invite your parents": each row becomes the guardian invite the record's Family card sends
 * (they make an account, or accept with the one they have, and then follow the student's record).
 */
export function OnboardingParents({
  rows,
  onChange,
  errors,
}: {
  rows: ParentRow[]
  onChange: (rows: ParentRow[]) => void
  /** Messages by the server's paths (`guardians.0.email`), numbered among the rows sent. */
  errors: Record<string, string>
}) {
  const id = useId()
  const setRow = (key: number, change: Partial<ParentRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)))
  let sent = -1
  const sentIndex = rows.map((row) => (row.email.trim() ? ++sent : -1))
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="font-medium">Invite a parent or guardian (optional)</legend>
      <p className="-mt-1 text-sm text-ink-muted">
        We email them an invite to follow your record: your scores, documents and the notes your coaches
        share.
      </p>
      {rows.map((row, index) => {
        const path = `guardians.${sentIndex[index]}`
        const label = rows.length > 1 ? ` ${index + 1}` : ''
        const field = (name: 'name' | 'email' | 'relationship', text: string, extra: object = {}) => (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-${name}-${row.key}`} className="text-sm">
              {text}
              <span className="sr-only">{label ? ` of parent${label}` : ''}</span>
            </label>
            <input
              id={`${id}-${name}-${row.key}`}
              className="field-input"
              value={row[name]}
              aria-invalid={errors[`${path}.${name}`] ? true : undefined}
              aria-describedby={errors[`${path}.${name}`] ? `${id}-${name}-${row.key}-error` : undefined}
              onChange={(event) => setRow(row.key, { [name]: event.target.value })}
              {...extra}
            />
            <FieldError id={`${id}-${name}-${row.key}-error`} message={errors[`${path}.${name}`]} />
          </div>
        )
        return (
          <div key={row.key} className="flex flex-col gap-3 rounded border border-line p-3">
            {field('name', "Parent's name", { autoComplete: 'off', maxLength: NAME_MAX })}
            {field('email', "Parent's email", { type: 'email', autoComplete: 'off', inputMode: 'email' })}
            {field('relationship', 'Relationship', {
              maxLength: RELATIONSHIP_MAX,
              list: `${id}-relationships`,
            })}
            <div>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
              >
                Remove<span className="sr-only"> parent{label}</span>
              </button>
            </div>
          </div>
        )
      })}
      <datalist id={`${id}-relationships`}>
        {['Parent', 'Mother', 'Father', 'Legal guardian'].map((value) => (
          <option key={value} value={value} />
        ))}
      </datalist>
      <FieldError id={`${id}-error`} message={errors.guardians} />
      <div>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={rows.length >= ONBOARDING_GUARDIANS_MAX}
          onClick={() => onChange([...rows, newParentRow()])}
        >
          {rows.length === 0 ? 'Add a parent' : 'Add another parent'}
        </button>
      </div>
    </fieldset>
  )
}
