import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/web/lib/api-client'
import { showFieldProblems } from '../../src/web/lib/field-problems'

/** A 400 as the server sends it: problem details naming fields. */
const badRequest = (errors: Array<{ path: string; message: string }>) =>
  new ApiError(
    400,
    JSON.stringify({
      type: 'about:blank',
      title: 'Bad Request',
      code: 'invalid-input',
      status: 400,
      detail: 'Check the fields.',
      errors,
    }),
    new Headers(),
  )

function recorder() {
  const calls: Array<[string, string, boolean]> = []
  const setError = (name: string, error: { message?: string }, options?: { shouldFocus?: boolean }) => {
    calls.push([name, error.message ?? '', options?.shouldFocus ?? false])
  }
  return { form: { setError } as never, calls }
}

describe('a 400 shown on the form’s fields', () => {
  const error = badRequest([
    { path: 'startsAt', message: 'Choose a time in the future.' },
    { path: 'title', message: 'Give it a title.' },
    { path: 'constructor', message: 'Not a field.' },
  ])

  it('shows the fields the form has, focusing the first, and says whether it showed any', () => {
    const { form, calls } = recorder()
    expect(showFieldProblems(form, error, ['title', 'details'])).toBe(true)
    expect(calls).toEqual([['title', 'Give it a title.', true]])
    expect(showFieldProblems(recorder().form, error, ['details'])).toBe(false)
  })

  it('maps the server’s paths to the form’s fields, and no inherited key counts as one', () => {
    const { form, calls } = recorder()
    expect(showFieldProblems(form, error, { startsAt: 'time' })).toBe(true)
    expect(calls).toEqual([['time', 'Choose a time in the future.', true]])
  })

  it('shows nothing for an error that is not a 400', () => {
    expect(showFieldProblems(recorder().form, new Error('offline'), { startsAt: 'time' })).toBe(false)
  })
})
