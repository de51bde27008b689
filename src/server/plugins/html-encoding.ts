import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** What @fastify/compress would offer, best first. */
const ENCODINGS = ['br', 'gzip']
/** Smaller pages go as they are, as with @fastify/compress's threshold (app.ts). */
const THRESHOLD = 1024
/** @fastify/compress's own brotli setting: about a millisecond for a 20 KB page, a third of its size. */
const BROTLI = {
  params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 },
}

/**
 * Sends an app page compressed as the caller accepts. The app's pages go out from the not-found
 * handler (every app path is a page), which @fastify/compress does not reach: it compresses routes.
 * A first screen's page is 12-20 KB of HTML and answers; compressed it is about a third of that on
 * a phone's connection. The page holds no secret a reflected text could be guessed against (the
 * session is an HttpOnly cookie), as the API's JSON answers, compressed the same way, hold none.
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding')
  const accepted = request.headers['accept-encoding']
  const encoding = accepted && Buffer.byteLength(html) >= THRESHOLD ? negotiate(accepted, ENCODINGS) : null
  if (encoding === null) return reply.send(html)
  const body = encoding === 'br' ? brotliCompressSync(html, BROTLI) : gzipSync(html)
  return reply.header('content-encoding', encoding).send(body)
}
