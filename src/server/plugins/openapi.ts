import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { BRAND } from '../../shared/brand'
import { access } from './access'
import { requestPath } from './request-path'

/** OpenAPI 3.1 generated from the route schemas, and a viewer with a looser CSP of its own. */
export default fp(
  async function openApiPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${BRAND.name} API`,
          version: '1.0.0',
          description: 'Errors are RFC 9457 problem details.',
        },
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' } },
        },
      },
      transform: jsonSchemaTransform,
    })
    app.get('/api/openapi.json', { schema: { hide: true }, config: { access: access.public } }, async () =>
      app.swagger(),
    )
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { url: '/api/openapi.json' } })
    app.addHook('onSend', async (request, reply) => {
      if (requestPath(request.url).startsWith('/api/docs')) {
        reply.header(
          'content-security-policy',
          "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
        )
      }
    })
  },
  { name: 'openapi' },
)
