import type { FieldProblem } from '../shared/validation'

/**
 * An error that the central handler writes as RFC 9457 problem details. Modules throw these;
 * routes never build error bodies by hand.
 */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly errors?: FieldProblem[],
    readonly headers?: Record<string, string>,
    /** More members of the problem's body (RFC 9457 extensions), e.g. the session a clash names. */
    readonly extensions?: Record<string, unknown>,
  ) {
    super(detail)
  }
}

export const badRequest = (errors: FieldProblem[], detail = 'The request has invalid fields.') =>
  new HttpProblem(400, 'invalid-input', detail, errors)
export const fieldError = (path: string, message: string) =>
  badRequest([{ path, message }], `${path}: ${message}`)
export const unauthorized = () => new HttpProblem(401, 'not-logged-in', 'Log in to continue.')
export const forbidden = (detail: string, code = 'forbidden') => new HttpProblem(403, code, detail)
export const notFound = (detail = 'Not found.') => new HttpProblem(404, 'not-found', detail)
export const conflict = (code: string, detail: string) => new HttpProblem(409, code, detail)
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpProblem(
    429,
    'rate-limited',
    `Too many attempts. Try again in ${retryAfterSeconds} seconds.`,
    undefined,
    {
      'retry-after': String(retryAfterSeconds),
    },
  )

/** The database does not answer (down, restarting): try again in a few seconds. */
export const databaseUnavailable = () =>
  new HttpProblem(
    503,
    'database-unavailable',
    'The database does not answer. Try again in a moment.',
    undefined,
    {
      'retry-after': '5',
    },
  )

/** The server is shutting down (a deploy, a restart): another instance, or this one again, will answer. */
export const shuttingDown = () =>
  new HttpProblem(503, 'shutting-down', 'The server is restarting. Try again in a moment.', undefined, {
    'retry-after': '1',
    connection: 'close',
  })

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

export function problemBody(status: number, code: string, detail: string, errors?: FieldProblem[]) {
  return {
    // A 500 tells nothing about its cause; other answers name their kind (503 database-unavailable).
    type: status === 500 ? 'about:blank' : `https://crestlineprep.com/problems/${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    code,
    ...(errors && errors.length > 0 ? { errors } : {}),
  }
}
