import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  type CaseloadSkills,
  caseloadSkillsQuerySchema,
  caseloadSkillsSchema,
  studentSkillsSchema,
} from '../../../../shared/practice-skills'
import { studentSkills } from '../../../modules/practice/skills'
import { access, requireViewer } from '../../../plugins/access'

/**
 * What students miss by skill on practice tests (docs/product.md#practice-tests): a student's
 * trend and most missed skills, for the record's readers but the FAO; an educator's caseload for
 * that educator and admins, and every student's (all educators) for admins.
 */
const skillRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/students/:id/skills',
    {
      schema: {
        tags: ['practice'],
        summary: "Each skill's trend across the student's attempts, and their three most missed skills",
        params: z.object({ id: z.string() }),
        response: { 200: studentSkillsSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => studentSkills(app.db, requireViewer(request), request.params.id),
  )

  app.get(
    '/api/v1/skills',
    {
      schema: {
        tags: ['practice'],
        summary:
          "The skills most missed across an educator's students in a date range (your own; admins anyone's, or all educators')",
        querystring: caseloadSkillsQuerySchema,
        response: { 200: caseloadSkillsSchema },
      },
      config: { access: access.anyUser, kept: 'caseload' },
    },
    // JSON text in the shape of caseloadSkillsSchema (an educator's kept between writes, checked by
    // the versions read with the session: `kept: 'caseload'`), sent as it is.
    async (request, reply) => {
      const body = await app.kept.caseloadSkills(request, requireViewer(request), request.query)
      return reply.type('application/json; charset=utf-8').send(body as unknown as CaseloadSkills)
    },
  )
}

export default skillRoutes
