import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  answersInputSchema,
  answersSavedSchema,
  assignInputSchema,
  attemptQuerySchema,
  practiceAttemptDetailSchema,
  practiceAttemptListSchema,
  practiceAttemptSchema,
} from '../../../../shared/practice'
import { emptyBodySchema } from '../../../../shared/validation'
import { saveAnswers, submitAttempt } from '../../../modules/practice/answers'
import { assignForm, listAttempts } from '../../../modules/practice/attempts'
import { getAttempt } from '../../../modules/practice/review'
import { tellAssignee } from '../../../modules/tasks/assigned-mail'
import { access, requireViewer } from '../../../plugins/access'

const studentParams = z.object({ id: z.string() })
const attemptParams = studentParams.extend({ attemptId: z.string() })

/**
 * Practice attempts on a student's record (docs/product.md#practice-tests): educators on the team
 * and admins assign; the student (or staff entering a paper sheet) answers and submits; the
 * record's readers but the FAO read the results and the review. Decided in the practice module.
 */
const practiceAttemptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/students/:id/practice-attempts',
    {
      schema: {
        tags: ['practice'],
        summary: "The student's practice attempts, newest assignment first",
        params: studentParams,
        response: { 200: practiceAttemptListSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => ({ attempts: await listAttempts(app.db, requireViewer(request), request.params.id) }),
  )

  app.post(
    '/api/v1/students/:id/practice-attempts',
    {
      schema: {
        tags: ['practice'],
        summary: 'Assign a form (adds the task "Take {form}" due that day, and emails the student)',
        params: studentParams,
        body: assignInputSchema,
        response: { 201: practiceAttemptSchema },
      },
      config: { access: access.anyUser },
    },
    async (request, reply) => {
      const viewer = requireViewer(request)
      const attempt = await assignForm(app.db, viewer, request.params.id, request.body)
      if (attempt.taskUUID) await tellAssignee(app, request.log, attempt.taskUUID, viewer.id)
      return reply.code(201).send(attempt)
    },
  )

  app.get(
    '/api/v1/students/:id/practice-attempts/:attemptId',
    {
      schema: {
        tags: ['practice'],
        summary:
          'One attempt: the answer sheet, and once submitted the scores, skills and review (`review=misses`)',
        params: attemptParams,
        querystring: attemptQuerySchema,
        response: { 200: practiceAttemptDetailSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) =>
      getAttempt(
        app.db,
        requireViewer(request),
        request.params.id,
        request.params.attemptId,
        request.query.review ?? 'all',
      ),
  )

  app.put(
    '/api/v1/students/:id/practice-attempts/:attemptId/answers',
    {
      schema: {
        tags: ['practice'],
        summary: 'Save one or more answers as they are given (null leaves a question blank)',
        params: attemptParams,
        body: answersInputSchema,
        response: { 200: answersSavedSchema },
      },
      config: { access: access.anyUser, kept: 'record' },
    },
    // The viewer's access comes with the session (`kept: 'record'`): one round trip fewer per save.
    async (request) => {
      const viewer = requireViewer(request)
      const { id, attemptId } = request.params
      const recordAccess = await app.kept.recordAccess(request, viewer, id)
      return saveAnswers(app.db, recordAccess, id, attemptId, request.body)
    },
  )

  app.post(
    '/api/v1/students/:id/practice-attempts/:attemptId/submit',
    {
      schema: {
        tags: ['practice'],
        summary: 'Submit and score the attempt; its practice entry joins the score history',
        params: attemptParams,
        body: emptyBodySchema,
        response: { 200: practiceAttemptDetailSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) =>
      submitAttempt(app.db, requireViewer(request), request.params.id, request.params.attemptId),
  )
}

export default practiceAttemptRoutes
