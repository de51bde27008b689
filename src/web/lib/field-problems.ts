import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { fieldProblems } from './api-client'

/**
 * A 400 from the server names fields (problem details' `errors`): show each message on its field,
 * focusing the first. `fields` lists the form's fields the server names as they are, or maps the
 * server's paths to the form's fields where they differ (`startsAt` is typed as `time`). Answers
 * whether any was shown; when none was, the caller shows the error above the form instead.
 */
export function showFieldProblems<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  fields: readonly Path<T>[] | Readonly<Record<string, Path<T>>>,
): boolean {
  const fieldOf = (path: string): Path<T> | undefined => {
    if (Array.isArray(fields)) return fields.includes(path) ? (path as Path<T>) : undefined
    const byPath = fields as Readonly<Record<string, Path<T>>>
    return Object.hasOwn(byPath, path) ? byPath[path] : undefined
  }
  const shown = fieldProblems(error).flatMap((problem) => {
    const field = fieldOf(problem.path)
    return field ? [{ field, message: problem.message }] : []
  })
  for (const [index, { field, message }] of shown.entries()) {
    form.setError(field, { message }, { shouldFocus: index === 0 })
  }
  return shown.length > 0
}
