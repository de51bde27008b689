import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { documentSchema, documentUpdateSchema } from '../../../../shared/documents'
import { deleteDocument, updateDocument } from '../../../modules/students/documents'
import { access, requireViewer } from '../../../plugins/access'

const documentParams = z.object({ id: z.string(), documentId: z.string() })

/**
 * Changing and deleting a student's documents (docs/product.md#documents); adding one, a link
 * or a file, and downloading a file are in document-files.ts.
 */
const documentRoutes: FastifyPluginAsyncZod = async (app) => {
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
}

export default documentRoutes
