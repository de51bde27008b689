import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  actScoreInputSchema,
  actScorePatchSchema,
  actScoreSchema,
  satScoreInputSchema,
  satScorePatchSchema,
  satScoreSchema,
  targetsInputSchema,
  targetsSchema,
} from '../../../../shared/scores'
import { addScore, deleteMatchingScore, deleteScoreById, updateScore } from '../../../modules/students/scores'
import { setTargets } from '../../../modules/students/targets'
import { access, requireViewer } from '../../../plugins/access'

const studentParams = z.object({ id: z.string() })

/**
 * A student's SAT and ACT scores and targets (docs/product.md#scores). Who may add or change
 * which entry is the record rules' (modules/students/scores.ts); 404 for a record not theirs.
 */
const scoreRoutes: FastifyPluginAsyncZod = async (app) => {
  const tests = [
    {
      kind: 'sat',
      path: 'sat-scores',
      test: 'SAT',
      input: satScoreInputSchema,
      patch: satScorePatchSchema,
      output: satScoreSchema,
    },
    {
      kind: 'act',
      path: 'act-scores',
      test: 'ACT',
      input: actScoreInputSchema,
      patch: actScorePatchSchema,
      output: actScoreSchema,
    },
  ] as const
  const entryParams = z.object({ id: z.string(), entryId: z.string() })
  for (const route of tests) {
    app.post(
      `/api/v1/students/:id/${route.path}`,
      {
        schema: {
          tags: ['scores'],
          summary: `Add an ${route.test} score (source official unless said otherwise)`,
          params: studentParams,
          body: route.input,
          response: { 201: route.output },
        },
        config: { access: access.anyUser },
      },
      async (request, reply) => {
        const score = await addScore(
          app.db,
          requireViewer(request),
          request.params.id,
          route.kind,
          request.body,
        )
        return reply.code(201).send(score)
      },
    )
    app.delete(
      `/api/v1/students/:id/${route.path}`,
      {
        schema: {
          tags: ['scores'],
          summary: `Delete one ${route.test} score equal to the body (404 when none is)`,
          params: studentParams,
          body: route.input,
        },
        config: { access: access.anyUser },
      },
      async (request, reply) => {
        await deleteMatchingScore(app.db, requireViewer(request), request.params.id, route.kind, request.body)
        return reply.code(204).send()
      },
    )
    app.patch(
      `/api/v1/students/:id/${route.path}/:entryId`,
      {
        schema: {
          tags: ['scores'],
          summary: `Edit one ${route.test} entry (the student only the entries they added)`,
          params: entryParams,
          body: route.patch,
          response: { 200: route.output },
        },
        config: { access: access.anyUser },
      },
      async (request) =>
        updateScore(
          app.db,
          requireViewer(request),
          request.params.id,
          route.kind,
          request.params.entryId,
          request.body,
        ),
    )
    app.delete(
      `/api/v1/students/:id/${route.path}/:entryId`,
      {
        schema: {
          tags: ['scores'],
          summary: `Delete one ${route.test} entry by its uuid (the student only the entries they added)`,
          params: entryParams,
        },
        config: { access: access.anyUser },
      },
      async (request, reply) => {
        await deleteScoreById(
          app.db,
          requireViewer(request),
          request.params.id,
          route.kind,
          request.params.entryId,
        )
        return reply.code(204).send()
      },
    )
  }

  app.put(
    '/api/v1/students/:id/targets',
    {
      schema: {
        tags: ['scores'],
        summary:
          'Set the SAT and ACT targets and the test date each is for (null clears one; an absent key keeps it); 403 `targets-set-by-staff` for a student when admins keep targets to staff',
        params: studentParams,
        body: targetsInputSchema,
        response: { 200: targetsSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => setTargets(app.db, requireViewer(request), request.params.id, request.body),
  )
}

export default scoreRoutes
