import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  noteInputSchema,
  noteListQuerySchema,
  notePageSchema,
  noteSchema,
  type SessionNote,
} from '../../../../shared/notes'
import { sharedNoteMail } from '../../../mail/messages'
import {
  createNote,
  deleteNote,
  listNotes,
  sharedNoteRecipients,
  updateNote,
} from '../../../modules/notes/notes'
import { access, requireViewer } from '../../../plugins/access'

const studentParams = z.object({ id: z.string() })
const noteParams = studentParams.extend({ noteId: z.string() })

/**
 * Session notes on a student's record. Who reads and writes what is decided in the notes module;
 * anyone who may not read the record gets 404.
 */
const noteRoutes: FastifyPluginAsyncZod = async (app) => {
  const appOrigin = app.env.appOrigin

  /** Tells the student and their guardians that a note was shared, after the write committed. */
  async function announce(note: SessionNote, log: FastifyBaseLogger) {
    const recipients = await sharedNoteRecipients(app.db, note.studentUUID, note.author.uuid)
    const recordLink = `${appOrigin}/students/${note.studentUUID}`
    for (const recipient of recipients) {
      const mail = sharedNoteMail(
        recipient.email,
        { studentName: recipient.student_name, authorName: note.author.name, date: note.date },
        recordLink,
        `${appOrigin}/settings`,
      )
      await app.mailer.send(mail).catch((err) => log.error({ err }, 'shared-note mail failed'))
    }
  }

  app.get(
    '/api/v1/students/:id/notes',
    {
      schema: {
        tags: ['notes'],
        summary:
          'Session notes, newest session first, in pages (the student and guardians: shared ones only)',
        params: studentParams,
        querystring: noteListQuerySchema,
        response: { 200: notePageSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => listNotes(app.db, requireViewer(request), request.params.id, request.query),
  )

  app.post(
    '/api/v1/students/:id/notes',
    {
      schema: {
        tags: ['notes'],
        summary:
          'Write a session note (admins and staff on the team); a shared one is announced to the family',
        params: studentParams,
        body: noteInputSchema,
        response: { 201: noteSchema },
      },
      config: { access: access.anyUser },
    },
    async (request, reply) => {
      const { note, announce: tell } = await createNote(
        app.db,
        requireViewer(request),
        request.params.id,
        request.body,
      )
      if (tell) await announce(note, request.log)
      return reply.code(201).send(note)
    },
  )

  app.put(
    '/api/v1/students/:id/notes/:noteId',
    {
      schema: {
        tags: ['notes'],
        summary: 'Edit a session note (its author only)',
        params: noteParams,
        body: noteInputSchema,
        response: { 200: noteSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => {
      const { id, noteId } = request.params
      const { note, announce: tell } = await updateNote(
        app.db,
        requireViewer(request),
        id,
        noteId,
        request.body,
      )
      if (tell) await announce(note, request.log)
      return note
    },
  )

  app.delete(
    '/api/v1/students/:id/notes/:noteId',
    {
      schema: {
        tags: ['notes'],
        summary: 'Delete a session note (its author or an admin)',
        params: noteParams,
      },
      config: { access: access.anyUser },
    },
    async (request, reply) => {
      await deleteNote(app.db, requireViewer(request), request.params.id, request.params.noteId)
      return reply.code(204).send()
    },
  )
}

export default noteRoutes
