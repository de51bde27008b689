import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adminOverviewSchema,
  adminStudentPageSchema,
  adminStudentsQuerySchema,
  adminStudentsScreenSchema,
  adminUsersScreenSchema,
  type MyDashboard,
  myDashboardSchema,
  userProfileScreenSchema,
} from '../../../../shared/screens'
import { type WeekScreen, weekScreenSchema } from '../../../../shared/week'
import { mailStaysInOutbox } from '../../../mail/mailer'
import { adminOverview, adminStudentsPage, adminStudentsScreen } from '../../../modules/admin/screens'
import { myDashboard, userProfileScreen } from '../../../modules/students/screens'
import { weekScreen } from '../../../modules/students/week'
import { access, requireViewer } from '../../../plugins/access'

const screenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/screens/my-dashboard',
    {
      schema: {
        tags: ['screens'],
        summary:
          "My Dashboard: the caller's name, their student record, and staff's students with latest scores",
        response: { 200: myDashboardSchema },
      },
      config: { access: access.anyUser, kept: 'own-record' },
    },
    // A student's dashboard is their name and record, a staff member's their name and students:
    // both as kept (src/server/kept/: JSON text encoded by the same schemas as this one's
    // `student` and `students`), checked with the session. It answers exactly what myDashboard()
    // would; other mixes of roles take that path.
    async (request, reply) => {
      const viewer = requireViewer(request)
      const kept = await app.kept.myDashboard(request, viewer)
      if (kept) {
        return reply
          .type('application/json; charset=utf-8')
          .send(
            `{"name":${JSON.stringify(viewer.name)},"${kept.field}":${kept.body}}` as unknown as MyDashboard,
          )
      }
      return myDashboard(app.db, viewer)
    },
  )

  app.get(
    '/api/v1/screens/week',
    {
      schema: {
        tags: ['screens'],
        summary:
          "The dashboards' week: one block per role the caller holds (`student`, `educator`, `fao`, `admin`, `guardian`), each from the records that role may read, and `today` in the caller's time zone",
        response: { 200: weekScreenSchema },
      },
      config: { access: access.anyUser, kept: 'week' },
    },
    // Kept between writes (src/server/kept/: JSON text encoded by this schema), checked with the
    // session; an admin's week, with counts no version follows, only on the embedded database.
    async (request, reply) => {
      const viewer = requireViewer(request)
      const kept = app.kept.weekOf(request, viewer)
      if (kept) {
        return reply.type('application/json; charset=utf-8').send((await kept) as unknown as WeekScreen)
      }
      return weekScreen(app.db, viewer)
    },
  )

  app.get(
    '/api/v1/screens/user-profile/:id',
    {
      schema: {
        tags: ['screens'],
        summary: "A person's profile: name, roles, bio, and their student record when the caller may read it",
        params: z.object({ id: z.string() }),
        response: { 200: userProfileScreenSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => userProfileScreen(app.db, requireViewer(request), request.params.id),
  )

  app.get(
    '/api/v1/screens/admin',
    {
      schema: {
        tags: ['screens'],
        summary:
          'The /admin overview: counts, the newest audit events, and `mailNotSent` when mail is written to files instead of sent',
        response: { 200: adminOverviewSchema },
      },
      config: { access: access.roles('admin') },
    },
    async () => ({ ...(await adminOverview(app.db)), mailNotSent: mailStaysInOutbox(app.env) }),
  )

  app.get(
    '/api/v1/screens/admin/students',
    {
      schema: {
        tags: ['screens'],
        summary:
          'Manage Students: `activeStudents` (name, uuid, plus team and newest scores) and `archivedStudents`, in one query; with any of `tab` (active or archived), `q` (name and email), `cursor` or `limit` (up to 100), one page of a tab `{ students, nextCursor, counts }` instead',
        querystring: adminStudentsQuerySchema,
        response: { 200: z.union([adminStudentsScreenSchema, adminStudentPageSchema]) },
      },
      config: { access: access.roles('admin') },
    },
    async (request) => {
      const { tab, q, cursor, limit } = request.query
      // No paging parameter: the whole screen, exactly as it always was.
      if (tab === undefined && q === undefined && cursor === undefined && limit === undefined) {
        return adminStudentsScreen(app.db)
      }
      return adminStudentsPage(app.db, { tab, q, cursor, limit })
    },
  )

  app.get(
    '/api/v1/screens/admin/users',
    {
      schema: {
        tags: ['screens'],
        summary: 'Manage Users: an empty object, as it always was; the page loads users and invites itself',
        response: { 200: adminUsersScreenSchema },
      },
      config: { access: access.roles('admin') },
    },
    async () => ({}),
  )
}

export default screenRoutes
