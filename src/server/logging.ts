import type { FastifyRequest } from 'fastify'
import { stdSerializers } from 'pino'
import { requestPath } from './plugins/request-path'

/**
 * Path parts that are capabilities (whoever holds one may read a calendar or redeem an invite):
 * the log keeps the route, never the secret. Matched on the decoded path, as the router routes.
 */
const CAPABILITIES: Array<[RegExp, string]> = [
  [/\/v1\/calendar\/[^/]+/g, '/v1/calendar/{token}.ics'],
  [/\/v1\/user-invites\/(?!import(?:\/|$))[^/]+/g, '/v1/user-invites/{id}'],
]

/**
 * The URL as the log keeps it: the decoded path with capabilities replaced, and the query's
 * names without their values (reset tokens, invite ids and searches for people's names are all
 * query values).
 */
export function loggedUrl(url: string): string {
  const path = requestPath(url)
  // Anywhere in the path, so that a spelling no route takes (a trailing or doubled slash) is covered too.
  const kept = CAPABILITIES.reduce((text, [pattern, placeholder]) => text.replace(pattern, placeholder), path)
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1).split('#')[0]! : ''
  if (query === '') return kept
  const names = [...new URLSearchParams(query).keys()].map((name) => `${name}=…`)
  return `${kept}?${names.join('&')}`
}

/** Fastify's request log fields, with the URL as `loggedUrl` keeps it. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

/**
 * pino's error fields without a failed query's parameters (Drizzle puts them in the message and a
 * `params` field): they hold what the request carried, an invite id or a reset token among them.
 * The query's text is ours and stays, as does the database's own message.
 */
function serializeError(error: unknown) {
  const serialized = stdSerializers.err(error as Error) as unknown as Record<string, unknown>
  const params = (error as { params?: unknown } | null)?.params
  if (!Array.isArray(params) || serialized === null || typeof serialized !== 'object') return serialized
  delete serialized.params
  const line = `\nparams: ${String(params)}`
  for (const field of ['message', 'stack'] as const) {
    const text = serialized[field]
    if (typeof text === 'string') serialized[field] = text.replaceAll(line, '\nparams: (not logged)')
  }
  return serialized
}

/** The serializers every log line of the server goes through (app.ts). */
export const logSerializers = { req: serializeRequest, err: serializeError }
