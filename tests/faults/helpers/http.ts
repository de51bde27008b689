import { APP_ORIGIN } from './server-process'

export interface Answer {
  /** The HTTP status, or the network error's code (ECONNREFUSED, a timeout …) when none came. */
  status: number | string
  ms: number
  body: unknown
  /** Milliseconds since the test's clock started (for lining answers up with the fault). */
  at: number
  /** The `x-request-id` sent, which the server's log lines carry as `reqId`. */
  id: string
}

export interface CallOptions {
  method?: string
  body?: unknown
  cookie?: string
  /** A client gives up after this long; the contract is an answer within 2 s. */
  timeoutMs?: number
}

let sequence = 0

let clockStart = performance.now()
/** Starts the clock that `Answer.at` and `elapsed()` count from. */
export const resetClock = () => {
  clockStart = performance.now()
}
/** Milliseconds on the test's clock, to mark when a fault began and ended. */
export const elapsed = () => performance.now() - clockStart

/** One request as a browser of the deployment sends it (its Origin, its cookie), timed. */
export async function call(baseUrl: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const started = performance.now()
  const at = elapsed()
  sequence += 1
  const id = `faults-${process.pid}-${sequence}`
  const headers: Record<string, string> = { origin: APP_ORIGIN, 'x-request-id': id }
  if (options.cookie) headers.cookie = options.cookie
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    })
    const text = await response.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // Not JSON: kept as text.
    }
    return { status: response.status, ms: performance.now() - started, body, at, id }
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause
    const name = (error as Error).name === 'TimeoutError' ? 'timeout' : (cause?.code ?? (error as Error).name)
    return { status: name, ms: performance.now() - started, body: null, at, id }
  }
}

/** Logs in through the real sign-in route and returns the session cookie. */
export async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`)
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='))
  if (!cookie) throw new Error('login answered without a session cookie')
  return cookie.split(';')[0]!
}

/** Counts answers by status, as `{ "201": 40, "503": 12 }`. */
export function tally(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const answer of answers) counts[String(answer.status)] = (counts[String(answer.status)] ?? 0) + 1
  return counts
}
