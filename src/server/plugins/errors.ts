import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { isDatabaseUnavailable } from '../db/unavailable'
import { databaseUnavailable, HttpProblem, problemBody, shuttingDown } from '../problems'

/** Fastify's own error codes that are the client's fault, with the status they deserve. */
const CLIENT_ERRORS: Record<string, { status: number; code: string; detail: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported-media-type',
    detail: 'Send JSON (application/json).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'invalid-body',
    detail: 'The body length is wrong.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid-body', detail: 'The JSON body is empty.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'body-too-large', detail: 'The body is too large.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid-json', detail: 'The body is not valid JSON.' },
}

export function sendProblem(reply: FastifyReply, problem: HttpProblem) {
  if (problem.headers) reply.headers(problem.headers)
  return reply
    .code(problem.status)
    .type('application/problem+json')
    .send({
      ...problem.extensions,
      ...problemBody(problem.status, problem.code, problem.message, problem.errors),
    })
}

function toProblem(error: FastifyError): HttpProblem | null {
  if (error instanceof HttpProblem) return error
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'body'
    const errors = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || where,
      message: issue.message ?? 'Invalid value.',
    }))
    const named = errors.map((e) => `${e.path}: ${e.message}`).join('; ')
    return new HttpProblem(400, 'invalid-input', `Invalid ${where}: ${named}`, errors)
  }
  const known = error.code ? CLIENT_ERRORS[error.code] : undefined
  if (known) return new HttpProblem(known.status, known.code, known.detail)
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new HttpProblem(400, 'invalid-json', 'The body is not valid JSON.')
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new HttpProblem(error.statusCode, 'bad-request', error.message)
  }
  // The database is down or restarting: the request can be retried, so 503 rather than 500.
  if (isDatabaseUnavailable(error)) return databaseUnavailable()
  return null
}

/** What a log line says of a lost database: the code and the driver's message, from the error or its cause. */
function unavailableCause(error: FastifyError) {
  const { cause, params } = error as { cause?: { code?: string; message?: string }; params?: unknown }
  return {
    code: error.code ?? cause?.code,
    cause: cause?.message ?? (params === undefined ? error.message : undefined),
  }
}

export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    // After SIGTERM (`app.close()`), a request that arrives on a kept-alive connection gets 503 as
    // problem details, and the connection closes; requests already begun finish. (This replaces
    // Fastify's own `return503OnClosing` answer, whose body is not problem details.)
    let closing = false
    app.addHook('preClose', async () => {
      closing = true
    })
    app.addHook('onRequest', async (_request, reply) => {
      if (closing) return sendProblem(reply, shuttingDown())
    })
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const problem = toProblem(error)
      if (problem) {
        // An outage answers every request with 503: a warning each, not an error with a stack each.
        // Its code and the driver's own words, never the failed query's message (it holds the values).
        if (problem.code === 'database-unavailable')
          request.log.warn(unavailableCause(error), 'database unavailable')
        else if (problem.status >= 500) request.log.error({ err: error }, 'request failed')
        return sendProblem(reply, problem)
      }
      // Internals stay in the log; the client gets the request id to quote.
      request.log.error({ err: error }, 'unhandled error')
      return reply
        .code(500)
        .type('application/problem+json')
        .send({
          ...problemBody(
            500,
            'internal-error',
            `Something went wrong on our side. Quote request id ${request.id}.`,
          ),
          requestId: request.id,
        })
    })
  },
  { name: 'errors' },
)
