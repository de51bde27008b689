import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { fieldProblems } from './api-client'

/**
 * A 400 from the server names fields (problem details' `errors`): show each message on its field,
 * focusing the first. Answers whether any was shown; when none was, the caller shows the
 * error above the form instead.
 */
export function showFieldProblems<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
  fields: readonly Path<T>[],
): boolean {
  const problems = fieldProblems(error)
  const shown = problems.filter((problem) => (fields as readonly string[]).includes(problem.path))
  for (const [index, problem] of shown.entries()) {
    form.setError(problem.path as Path<T>, { message: problem.message }, { shouldFocus: index === 0 })
  }
  return shown.length > 0
}
