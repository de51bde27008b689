import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  practiceFormInputSchema,
  practiceFormListSchema,
  practiceFormSchema,
  practiceFormUpdatedSchema,
} from '../../../../shared/practice'
import { practiceImportBodySchema, practiceImportPreviewSchema } from '../../../../shared/practice-import'
import { createForm, deleteForm, getForm, listForms, updateForm } from '../../../modules/practice/forms'
import { importForm, previewImport } from '../../../modules/practice/import'
import { access, requireViewer } from '../../../plugins/access'

const formParams = z.object({ formId: z.string() })

/**
 * Practice test forms (docs/product.md#practice-tests): admins add, import, correct and delete
 * them; educators read them without the key to assign them. The FAO gets 403, anyone else 404,
 * decided in the practice module.
 */
const practiceTestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/practice-tests',
    {
      schema: {
        tags: ['practice'],
        summary: 'The practice test forms, by name (no questions, no key)',
        response: { 200: practiceFormListSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => ({ forms: await listForms(app.db, requireViewer(request)) }),
  )

  app.post(
    '/api/v1/practice-tests',
    {
      schema: {
        tags: ['practice'],
        summary: 'Admins: add a form with its questions, key and tables',
        body: practiceFormInputSchema,
        response: { 201: practiceFormSchema },
      },
      config: { access: access.anyUser },
    },
    async (request, reply) =>
      reply.code(201).send(await createForm(app.db, requireViewer(request), request.body)),
  )

  app.post(
    '/api/v1/practice-tests/import/preview',
    {
      schema: {
        tags: ['practice'],
        summary: 'Admins: check the questions and tables CSV files; every problem with its row and column',
        body: practiceImportBodySchema,
        response: { 200: practiceImportPreviewSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => previewImport(requireViewer(request), request.body),
  )

  app.post(
    '/api/v1/practice-tests/import',
    {
      schema: {
        tags: ['practice'],
        summary: 'Admins: add the form the two CSV files make (400 when the preview has problems)',
        body: practiceImportBodySchema,
        response: { 201: practiceFormSchema },
      },
      config: { access: access.anyUser },
    },
    async (request, reply) =>
      reply.code(201).send(await importForm(app.db, requireViewer(request), request.body)),
  )

  app.get(
    '/api/v1/practice-tests/:formId',
    {
      schema: {
        tags: ['practice'],
        summary: 'A form with its sections and tables; the key for admins only',
        params: formParams,
        response: { 200: practiceFormSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => getForm(app.db, requireViewer(request), request.params.formId),
  )

  app.put(
    '/api/v1/practice-tests/:formId',
    {
      schema: {
        tags: ['practice'],
        summary: 'Admins: replace a form; a corrected key rescores every submitted attempt',
        params: formParams,
        body: practiceFormInputSchema,
        response: { 200: practiceFormUpdatedSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => updateForm(app.db, requireViewer(request), request.params.formId, request.body),
  )

  app.delete(
    '/api/v1/practice-tests/:formId',
    {
      schema: {
        tags: ['practice'],
        summary: 'Admins: delete a form nobody was assigned',
        params: formParams,
      },
      config: { access: access.anyUser },
    },
    async (request, reply) => {
      await deleteForm(app.db, requireViewer(request), request.params.formId)
      return reply.code(204).send()
    },
  )
}

export default practiceTestRoutes
