import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  archivedStudentSchema,
  type Student,
  studentListQuerySchema,
  studentListSchema,
  studentSchema,
  updateStudentBodySchema,
} from '../../../../shared/students'
import { studentsCsv } from '../../../modules/admin/exports'
import { setArchived } from '../../../modules/students/archive'
import { visibleStudents } from '../../../modules/students/lists'
import { access, requireViewer } from '../../../plugins/access'
import { sendCsv } from './csv-reply'

const studentParams = z.object({ id: z.string() })

/**
 * Student lists and records, and archiving; a record's scores, documents and team have files of
 * their own (scores.ts, documents.ts, team-members.ts). Fine-grained permissions (team, the
 * student, FAO read-only) are in the modules; someone who may not see a student gets 404
 * (docs/product.md#permissions).
 */
const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/students',
    {
      schema: {
        tags: ['students'],
        summary: 'The students the caller may see: admins all, staff their teams, a student themself',
        querystring: studentListQuerySchema,
        response: { 200: studentListSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => ({
      students: await visibleStudents(app.db, requireViewer(request), request.query.archived === 'true'),
    }),
  )

  app.get(
    '/api/v1/students/export.csv',
    {
      schema: {
        tags: ['students'],
        summary: 'Admins: every student as CSV, with their newest and best (superscore) SAT and ACT',
        produces: ['text/csv'],
      },
      config: { access: access.roles('admin') },
    },
    async (_request, reply) => sendCsv(reply, 'students', await studentsCsv(app.db)),
  )

  app.get(
    '/api/v1/students/:id',
    {
      schema: {
        tags: ['students'],
        summary: 'A student: team, documents (hidden ones removed for the student), scores, superscores',
        params: studentParams,
        response: { 200: studentSchema },
      },
      config: { access: access.anyUser, kept: 'record' },
    },
    // Kept as JSON text encoded by studentSchema (src/server/kept/); a JSON string is sent as it is.
    async (request, reply) => {
      const body = await app.kept.studentRecord(request, requireViewer(request), request.params.id)
      return reply.type('application/json; charset=utf-8').send(body as unknown as Student)
    },
  )

  app.patch(
    '/api/v1/students/:id',
    {
      schema: {
        tags: ['students'],
        summary: 'Admins: archive or restore a student (their records are kept)',
        params: studentParams,
        body: updateStudentBodySchema,
        response: { 200: archivedStudentSchema },
      },
      config: { access: access.roles('admin') },
    },
    async (request) => setArchived(app.db, requireViewer(request), request.params.id, request.body.archived),
  )
}

export default studentRoutes
