import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet from 'helmet'
import { AFTER_PAINT_SCRIPT, JS_CLASS_SCRIPT } from '../../shared/public-site'
import { trustedOrigins } from '../auth/trusted-origins'
import type { Env } from '../env'
import { forbidden } from '../problems'
import { sendProblem } from './errors'

/**
 * The two inline scripts, each allowed by its hash and nothing else: the public pages' (ADR 013)
 * and a rendered workspace page's loader (ADR 058).
 */
const INLINE_SCRIPT_HASHES = [JS_CLASS_SCRIPT, AFTER_PAINT_SCRIPT].map(
  (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
)

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function imageOrigin(imagesBaseUrl: string): string[] {
  try {
    return [new URL(imagesBaseUrl).origin]
  } catch {
    return [] // a path such as /images: same origin
  }
}

/** Helmet with a strict CSP, the cross-site origin check, and JSON-only request bodies. */
export default fp(
  async function securityPlugin(app: FastifyInstance, { env }: { env: Env }) {
    // helmet's middleware is built once: @fastify/helmet built it anew on every request, which
    // parsed the CSP each time (about a tenth of a small request's CPU; docs/performance.md).
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...INLINE_SCRIPT_HASHES],
          styleSrc: ["'self'"],
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', ...imageOrigin(env.IMAGES_BASE_URL)],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: env.appOrigin.startsWith('https:') ? [] : null,
        },
      },
      hsts: env.appOrigin.startsWith('https:'),
      crossOriginEmbedderPolicy: false,
    })
    app.addHook('onRequest', (request, reply, done) =>
      securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
    )

    // Every state-changing /api request with a foreign Origin is refused, better-auth's included:
    // its own check skips requests without cookies (docs/api.md#cross-site-protection).
    const trusted = new Set(trustedOrigins(env))
    app.addHook('onRequest', async (request, reply) => {
      // Every state-changing request, whatever its path looks like: a prefix test on the raw URL
      // was skipped by an encoded path (/%61pi/…) or an absolute-form target.
      if (SAFE_METHODS.has(request.method)) return
      const origin = request.headers.origin
      if (origin && !trusted.has(origin)) {
        return sendProblem(
          reply,
          forbidden(
            `Cross-site request refused: origin ${origin} is not ${[...trusted][0]}.`,
            'cross-site-request',
          ),
        )
      }
    })

    // JSON only: text/plain (a CORS "simple" type) must not reach a handler. An empty JSON body is
    // "no body", so a bodiless DELETE works with or without a content type.
    app.removeContentTypeParser(['text/plain', 'application/json'])
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8')
      if (text.trim() === '') return done(null, undefined)
      try {
        done(null, JSON.parse(text))
      } catch {
        const error = new SyntaxError('The body is not valid JSON.') as SyntaxError & { statusCode: number }
        error.statusCode = 400
        done(error, undefined)
      }
    })
  },
  { name: 'security', dependencies: ['errors'] },
)
