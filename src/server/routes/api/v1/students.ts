import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { documentSchema, documentUpdateSchema } from '../../../../shared/documents'
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
import {
  archivedStudentSchema,
  type Student,
  studentListQuerySchema,
  studentListSchema,
  studentSchema,
  updateStudentBodySchema,
} from '../../../../shared/students'
import { emptyBodySchema } from '../../../../shared/validation'
import { studentsCsv } from '../../../modules/admin/exports'
import { setArchived } from '../../../modules/students/archive'
import { deleteDocument, updateDocument } from '../../../modules/students/documents'
import { visibleStudents } from '../../../modules/students/lists'
import {
  addScore,
  deleteMatchingScore,
  deleteScoreById,
  setTargets,
  updateScore,
} from '../../../modules/students/scores'
import { addTeamMember, removeTeamMember } from '../../../modules/students/team'
import { access, requireViewer } from '../../../plugins/access'
import { sendCsv } from './csv-reply'

const studentParams = z.object({ id: z.string() })
const documentParams = studentParams.extend({ documentId: z.string() })
const memberParams = studentParams.extend({ userId: z.string() })

/**
 * Student records. Fine-grained permissions (team, the student, FAO read-only) are in
 * the modules; someone who may not see a student gets 404 (docs/product.md#permissions).
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
      config: { access: access.anyUser, recordParam: 'id' },
    },
    // Kept as JSON text encoded by studentSchema (record-cache.ts); a JSON string is sent as it is.
    async (request, reply) => {
      const body = await app.recordCache.body(
        app.db,
        requireViewer(request),
        request.params.id,
        request.recordCheck,
      )
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

  const scoreRoutes = [
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
  for (const route of scoreRoutes) {
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
        summary: 'Set the SAT and ACT targets (null clears one; an absent key keeps it)',
        params: studentParams,
        body: targetsInputSchema,
        response: { 200: targetsSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => setTargets(app.db, requireViewer(request), request.params.id, request.body),
  )

  app.put(
    '/api/v1/students/:id/documents/:documentId',
    {
      schema: {
        tags: ['documents'],
        summary: 'Change a document; creatorUUID must equal the stored creator',
        params: documentParams,
        body: documentUpdateSchema,
        response: { 200: documentSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) =>
      updateDocument(
        app.db,
        requireViewer(request),
        request.params.id,
        request.params.documentId,
        request.body,
      ),
  )

  app.delete(
    '/api/v1/students/:id/documents/:documentId',
    {
      schema: {
        tags: ['documents'],
        summary: 'Delete a document',
        params: documentParams,
      },
      config: { access: access.anyUser },
    },
    async (request, reply) => {
      await deleteDocument(
        app.db,
        app.files,
        requireViewer(request),
        request.params.id,
        request.params.documentId,
        (key, error) => request.log.error({ err: error, key }, 'deleted document left its file in the store'),
      )
      return reply.code(204).send()
    },
  )

  app.put(
    '/api/v1/students/:id/team-members/:userId',
    {
      schema: {
        tags: ['teams'],
        summary: 'Add an educator or FAO to the team (admins)',
        params: memberParams,
        body: emptyBodySchema,
      },
      config: { access: access.roles('admin') },
    },
    async (request, reply) => {
      await addTeamMember(app.db, requireViewer(request), request.params.id, request.params.userId)
      return reply.code(204).send()
    },
  )

  app.delete(
    '/api/v1/students/:id/team-members/:userId',
    {
      schema: {
        tags: ['teams'],
        summary: 'Remove a member from the team (admins)',
        params: memberParams,
        body: emptyBodySchema,
      },
      config: { access: access.roles('admin') },
    },
    async (request, reply) => {
      await removeTeamMember(app.db, requireViewer(request), request.params.id, request.params.userId)
      return reply.code(204).send()
    },
  )
}

export default studentRoutes
