import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  appSettingsInputSchema,
  appSettingsSchema,
  studentRulesSchema,
} from '../../../../shared/admin-settings'
import { getAppSettings, getStudentRules, updateAppSettings } from '../../../modules/admin/settings'
import { access, requireViewer } from '../../../plugins/access'

/** Product-wide settings on the admin overview (docs/product.md#accounts-and-sessions). */
const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/admin/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admins: the product-wide settings',
        response: { 200: appSettingsSchema },
      },
      config: { access: access.roles('admin') },
    },
    async () => getAppSettings(app.db),
  )

  app.put(
    '/api/v1/admin/settings',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Admins: change the settings (turning on "Require two-factor for staff" needs two-factor of your own: 409 otherwise)',
        body: appSettingsInputSchema,
        response: { 200: appSettingsSchema },
      },
      config: { access: access.roles('admin') },
    },
    async (request) => updateAppSettings(app.db, requireViewer(request), request.body),
  )

  app.get(
    '/api/v1/student-rules',
    {
      schema: {
        tags: ['admin'],
        summary:
          'What students may change on their own record (targets, colleges others added), as admins set it',
        response: { 200: studentRulesSchema },
      },
      config: { access: access.anyUser },
    },
    async () => getStudentRules(app.db),
  )
}

export default adminSettingsRoutes
