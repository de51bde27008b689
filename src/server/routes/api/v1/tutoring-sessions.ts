import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  type Schedule,
  type SessionList,
  scheduleQuerySchema,
  scheduleSchema,
  sessionInputSchema,
  sessionListQuerySchema,
  sessionListSchema,
  sessionPatchSchema,
  sessionsChangedSchema,
  sessionsCreatedSchema,
} from '../../../../shared/tutoring'
import type { Viewer } from '../../../auth/viewer'
import { sessionChangeMail } from '../../../mail/session-messages'
import { createSessions } from '../../../modules/sessions/schedule'
import { sessionChangeRecipients } from '../../../modules/sessions/sessions'
import { type SessionNotice, updateSession } from '../../../modules/sessions/writes'
import { access, requireViewer } from '../../../plugins/access'

const studentParams = z.object({ id: z.string() })
const sessionParams = studentParams.extend({ sessionId: z.string() })

/**
 * Tutoring sessions on a student's record and an educator's schedule (docs/product.md#sessions).
 * Who may do what is decided in the sessions module (404 for outsiders, 403 for an FAO).
 */
const tutoringSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Tells everyone concerned of a reschedule or cancellation, after the write committed. */
  async function tellOfChanges(
    studentId: string,
    actor: Viewer,
    notices: readonly SessionNotice[],
    log: FastifyBaseLogger,
  ) {
    if (notices.length === 0) return
    const educators = notices.flatMap((notice) => [notice.before.educator.uuid, notice.after.educator.uuid])
    const recipients = await sessionChangeRecipients(app.db, studentId, educators, actor.id)
    const recordLink = `${app.env.appOrigin}/students/${studentId}?section=sessions`
    for (const recipient of recipients) {
      const mail = sessionChangeMail(
        { email: recipient.email, timeZone: recipient.time_zone },
        actor.name,
        notices,
        recordLink,
      )
      await app.mailer.send(mail).catch((err) => log.error({ err }, 'session-change mail failed'))
    }
  }

  app.get(
    '/api/v1/students/:id/sessions',
    {
      schema: {
        tags: ['tutoring'],
        summary: "A student's tutoring sessions, soonest first (from and to: days in your time zone)",
        params: studentParams,
        querystring: sessionListQuerySchema,
        response: { 200: sessionListSchema },
      },
      config: { access: access.anyUser, kept: 'record-sessions' },
    },
    // The viewer's access and the first page's versions come with the session (`kept:
    // 'record-sessions'`); the list is JSON text built by PostgreSQL in the shape of
    // sessionListSchema (the first page kept between writes), and a JSON string is sent as it is.
    async (request, reply) => {
      const viewer = requireViewer(request)
      const body = await app.kept.studentSessions(request, viewer, request.params.id, request.query)
      return reply.type('application/json; charset=utf-8').send(body as unknown as SessionList)
    },
  )

  app.post(
    '/api/v1/students/:id/sessions',
    {
      schema: {
        tags: ['tutoring'],
        summary: 'Schedule a session, or a weekly series (admins and educators on the team); 409 on a clash',
        params: studentParams,
        body: sessionInputSchema,
        response: { 201: sessionsCreatedSchema },
      },
      config: { access: access.anyUser, kept: 'record' },
    },
    // The viewer's access comes with the session (`kept: 'record'`).
    async (request, reply) => {
      const viewer = requireViewer(request)
      const studentId = request.params.id
      const recordAccess = await app.kept.recordAccess(request, viewer, studentId)
      return reply.code(201).send({
        sessions: await createSessions(app.db, viewer, recordAccess, studentId, request.body),
      })
    },
  )

  app.patch(
    '/api/v1/students/:id/sessions/:sessionId',
    {
      schema: {
        tags: ['tutoring'],
        summary:
          'Reschedule, change or mark a session (staff), or cancel it (the student and guardians); scope following for the rest of a series',
        params: sessionParams,
        body: sessionPatchSchema,
        response: { 200: sessionsChangedSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => {
      const viewer = requireViewer(request)
      const { sessions, notices } = await updateSession(
        app.db,
        viewer,
        request.params.id,
        request.params.sessionId,
        request.body,
      )
      await tellOfChanges(request.params.id, viewer, notices, request.log)
      return { sessions }
    },
  )

  app.get(
    '/api/v1/schedule',
    {
      schema: {
        tags: ['tutoring'],
        summary: "An educator's sessions across students (your own; admins anyone's)",
        querystring: scheduleQuerySchema,
        response: { 200: scheduleSchema },
      },
      config: { access: access.anyUser, kept: 'schedule' },
    },
    // JSON text built by PostgreSQL in the shape of scheduleSchema (kept between writes, checked by
    // the versions read with the session: `kept: 'schedule'`), sent as it is.
    async (request, reply) => {
      const body = await app.kept.educatorSchedule(request, requireViewer(request), request.query)
      return reply.type('application/json; charset=utf-8').send(body as unknown as Schedule)
    },
  )
}

export default tutoringSessionRoutes
