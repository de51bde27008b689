import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  DOCUMENT_FILE_MAX_BYTES,
  documentInputSchema,
  documentSchema,
  mayShowInline,
} from '../../../../shared/documents'
import { contentDisposition, downloadName } from '../../../files/disposition'
import { readDocumentFile, uploadDocument } from '../../../modules/students/document-files'
import { addDocument } from '../../../modules/students/documents'
import { access, requireViewer } from '../../../plugins/access'

const studentParams = z.object({ id: z.string() })
const fileParams = studentParams.extend({ documentId: z.string() })
const fileQuery = z.object({ inline: z.string().optional() })

/**
 * Adding a document (a link as JSON, or a file as multipart/form-data) and downloading a file
 * (docs/api.md#uploaded-files). The multipart parser is registered for the add route alone: every
 * other route still answers 415 to anything but JSON.
 */
const documentFileRoutes: FastifyPluginAsyncZod<{ incomingDir: string }> = async (app, { incomingDir }) => {
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: DOCUMENT_FILE_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
    })
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/students/:id/documents',
      {
        schema: {
          tags: ['documents'],
          summary:
            'Add a document: a link (JSON), or a file (multipart/form-data with `file` and optional name, hidden, pinned; at most 25 MB)',
          consumes: ['application/json', 'multipart/form-data'],
          params: studentParams,
          body: documentInputSchema,
          response: { 201: documentSchema },
        },
        config: { access: access.anyUser },
        // An upload is handled whole here, before the JSON body schema would refuse it.
        preValidation: async (request, reply) => {
          if (!request.isMultipart()) return
          const document = await uploadDocument(
            {
              db: app.db,
              files: app.files,
              incomingDir,
              log: (key, error) => request.log.error({ err: error, key }, 'uploaded file left in the store'),
            },
            request,
            requireViewer(request),
            (request.params as { id: string }).id,
          )
          return reply.code(201).send(document)
        },
      },
      async (request, reply) => {
        const document = await addDocument(app.db, requireViewer(request), request.params.id, request.body)
        return reply.code(201).send(document)
      },
    )
  })

  app.get(
    '/api/v1/students/:id/documents/:documentId/file',
    {
      schema: {
        tags: ['documents'],
        summary:
          "A document's file, to whoever may read the document; an attachment (`?inline` shows a PDF or image in the browser)",
        params: fileParams,
        querystring: fileQuery,
        produces: ['application/octet-stream'],
      },
      config: { access: access.anyUser },
    },
    async (request, reply) => {
      const file = await readDocumentFile(
        app.db,
        app.files,
        requireViewer(request),
        request.params.id,
        request.params.documentId,
      )
      const inline = request.query.inline !== undefined && mayShowInline(file.type)
      return reply
        .type(file.type === 'text/plain' ? 'text/plain; charset=utf-8' : file.type)
        .header('content-length', file.size)
        .header(
          'content-disposition',
          contentDisposition(inline ? 'inline' : 'attachment', downloadName(file.name, file.type)),
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(file.body)
    },
  )
}

export default documentFileRoutes
