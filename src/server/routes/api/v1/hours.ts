import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  hourAdjustmentInputSchema,
  hourPackageInputSchema,
  hourPackageListSchema,
  hourPackageSchema,
  hoursSchema,
} from '../../../../shared/hours'
import { adjustHours, getHours } from '../../../modules/hours/hours'
import { createPackage, listPackages } from '../../../modules/hours/packages'
import { hoursStatementCsv } from '../../../modules/hours/statement'
import { access, requireViewer } from '../../../plugins/access'
import { sendCsv } from './csv-reply'

const studentParams = z.object({ id: z.string() })

/** "Rosa Núñez" → "rosa-nunez": the student's name as a file name's ASCII part. */
export function fileNamePart(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return ascii || 'student'
}

/**
 * Hour packages and the hours ledger (docs/product.md#hour-packages). Admins record packages and
 * adjustments; admins, educators on the team, the student and their guardians read; the FAO gets
 * 403 and outsiders 404, decided in the hours module.
 */
const hoursRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/students/:id/packages',
    {
      schema: {
        tags: ['hours'],
        summary: "The student's hour packages with the hours left in each, oldest purchase first",
        params: studentParams,
        response: { 200: hourPackageListSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => ({
      packages: await listPackages(app.db, requireViewer(request), request.params.id),
    }),
  )

  app.post(
    '/api/v1/students/:id/packages',
    {
      schema: {
        tags: ['hours'],
        summary: 'Admins: record a package the family bought (its hours enter the ledger)',
        params: studentParams,
        body: hourPackageInputSchema,
        response: { 201: hourPackageSchema },
      },
      config: { access: access.anyUser },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createPackage(app.db, requireViewer(request), request.params.id, request.body)),
  )

  app.get(
    '/api/v1/students/:id/hours',
    {
      schema: {
        tags: ['hours'],
        summary:
          'The hours: balance, packages, scheduled hours ahead and the ledger with the balance after each entry',
        params: studentParams,
        response: { 200: hoursSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => getHours(app.db, requireViewer(request), request.params.id),
  )

  app.post(
    '/api/v1/students/:id/hours/adjustments',
    {
      schema: {
        tags: ['hours'],
        summary:
          'Admins: add (positive) or remove (negative) hours with a reason; answers the hours after it',
        params: studentParams,
        body: hourAdjustmentInputSchema,
        response: { 201: hoursSchema },
      },
      config: { access: access.anyUser },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await adjustHours(app.db, requireViewer(request), request.params.id, request.body)),
  )

  app.get(
    '/api/v1/students/:id/hours.csv',
    {
      schema: {
        tags: ['hours'],
        summary: 'The hours statement as CSV: one row per ledger entry with the balance after it',
        params: studentParams,
        produces: ['text/csv'],
      },
      config: { access: access.anyUser },
    },
    async (request, reply) => {
      const { studentName, csv } = await hoursStatementCsv(app.db, requireViewer(request), request.params.id)
      return sendCsv(reply, `hours-${fileNamePart(studentName)}`, csv)
    },
  )
}

export default hoursRoutes
