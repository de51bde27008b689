import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** What @fastify/compress would offer, best first. */
const ENCODINGS = ['br', 'gzip'] as const
/** Smaller pages go as they are, as with @fastify/compress's threshold (app.ts). */
const THRESHOLD = 1024
/** @fastify/compress's brotli quality, for text: about a millisecond for a 20 KB page, a quarter of its size. */
const BROTLI = {
  params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 },
}

/**
 * Sends an app page compressed as the caller accepts. The app's pages go out from the not-found
 * handler (every app path is a page), which @fastify/compress does not reach: it compresses routes.
 * A first screen's page is 12-20 KB of HTML and answers; compressed it is about a quarter of that on
 * a phone's connection. Nothing in a page echoes its request (search parameters are checked to
 * fixed shapes), so its private parts cannot be guessed by their compressed size (ADR 061).
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding')
  const accepted = request.headers['accept-encoding']
  const encoding = accepted && Buffer.byteLength(html) >= THRESHOLD ? chooseEncoding(accepted) : null
  if (encoding === null) return reply.send(html)
  const body = encoding === 'br' ? brotliCompressSync(html, BROTLI) : gzipSync(html)
  return reply.header('content-encoding', encoding).send(body)
}

/**
 * The encoding to send from an `accept-encoding` header, or null for none. As @fastify/compress
 * reads it: case aside, `x-gzip` is gzip. An encoding the header refuses (`br;q=0`) is never
 * chosen, not even for a `*` the negotiator would otherwise read as the first encoding offered.
 */
export function chooseEncoding(header: string): (typeof ENCODINGS)[number] | null {
  const accepted = header.toLowerCase().replace(/\bx-gzip\b/g, 'gzip')
  const refused = new Set(
    accepted
      .split(',')
      .map((part) => part.split(';').map((piece) => piece.trim()))
      .filter(([, ...params]) => params.some((param) => /^q=0(\.0*)?$/.test(param)))
      .map(([name]) => name),
  )
  const offered = ENCODINGS.filter((encoding) => !refused.has(encoding))
  return offered.length === 0 ? null : negotiate(accepted, offered)
}
