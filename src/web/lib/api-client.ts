import type { z } from 'zod'
import { type Problem, problemSchema } from '../../shared/problem'
import { loadZod } from './lazy-zod'

/** A non-OK answer: its status and body text, and the problem details when it holds them. */
export class ApiError extends Error {
  readonly status: number
  readonly body: string
  readonly problem: Problem | undefined
  readonly headers: Headers

  constructor(status: number, body: string, headers: Headers) {
    const problem = parseProblem(body)
    super(problem?.detail ?? `Request failed with status ${status}.`)
    this.name = 'ApiError'
    this.status = status
    this.body = body
    this.problem = problem
    this.headers = headers
  }

  /** Seconds from `Retry-After`, when the server sent one. */
  get retryAfterSeconds(): number | undefined {
    const value = Number(this.headers.get('retry-after'))
    return Number.isFinite(value) && value > 0 ? value : undefined
  }
}

/** An OK answer whose shape is not the one the client expects (docs/api.md: the web parses every answer with the shared schema). */
export class ResponseValidationError extends Error {
  readonly issues: z.core.$ZodIssue[]
  readonly summary: string

  constructor(path: string, issues: z.core.$ZodIssue[]) {
    const summary = issues
      .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
      .join('; ')
    super(`Unexpected response from ${path}: ${summary}`)
    this.name = 'ResponseValidationError'
    this.issues = issues
    this.summary = summary
  }
}

function parseProblem(body: string): Problem | undefined {
  try {
    const parsed = problemSchema.safeParse(JSON.parse(body))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

interface ApiFetchOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  schema: S
  signal?: AbortSignal
}

type NotLoggedInListener = () => void
let notLoggedInListener: NotLoggedInListener | null = null

/**
 * Called whenever the server answers 401 `not-logged-in`: the session may have ended (expired,
 * revoked, account disabled) while the app was open. One listener; the app's session watch.
 */
export function onNotLoggedIn(listener: NotLoggedInListener | null): void {
  notLoggedInListener = listener
}

/** Every call of the web app: `/api` prefix, cookies included, answers checked by `schema`. */
export async function apiFetch<S extends z.ZodType>(
  path: string,
  { method = 'GET', body, schema, signal }: ApiFetchOptions<S>,
): Promise<z.output<S>> {
  const url = `/api${path}`
  // The server's first render (ADR 049) has only the answers it put in the shell; whatever else a
  // component asks for is left to the browser. Never settling, such a read keeps its part of the
  // page pending on the server, and the browser renders that part itself.
  if (typeof window === 'undefined') return new Promise<never>(() => {})
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  })
  // The answer's checks (and a problem's) need zod, which loads after the first render (ADR 053).
  const [text] = await Promise.all([response.text(), loadZod()])
  if (!response.ok) throw failedAnswer(response.status, text, response.headers)
  let json: unknown
  try {
    json = text === '' ? undefined : JSON.parse(text)
  } catch {
    throw new ResponseValidationError(url, [
      { code: 'custom', path: [], message: 'The answer is not JSON.', input: text },
    ])
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw new ResponseValidationError(url, parsed.error.issues)
  return parsed.data
}

/** The error for a non-OK answer; a 401 `not-logged-in` also tells the session watch. */
export function failedAnswer(status: number, text: string, headers: Headers): ApiError {
  const error = new ApiError(status, text, headers)
  if (error.status === 401 && error.problem?.code === 'not-logged-in') notLoggedInListener?.()
  return error
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status)
}

/** The fields a 400 names (problem details' `errors`), each with its words; none for any other error. */
export function fieldProblems(error: unknown) {
  return isApiError(error, 400) ? (error.problem?.errors ?? []) : []
}

/** Words for a person: the server's detail when there is one, else a plain sentence. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return error.problem?.detail ?? `The server answered with status ${error.status}. Please try again.`
  }
  if (error instanceof ResponseValidationError) return error.message
  if (error instanceof TypeError) return 'Could not reach the server. Check your connection and try again.'
  return error instanceof Error ? error.message : String(error)
}
