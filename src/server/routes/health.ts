import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ping } from '../db/client'
import { access } from '../plugins/access'
import { databaseUnavailable } from '../problems'

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
      config: { access: access.public },
    },
    async () => ({ status: 'ok' as const }),
  )
  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers',
        response: { 200: z.object({ status: z.literal('ready') }) },
      },
      config: { access: access.public },
    },
    async () => {
      try {
        await ping(app.db)
      } catch {
        throw databaseUnavailable()
      }
      return { status: 'ready' as const }
    },
  )
}

export default healthRoutes
