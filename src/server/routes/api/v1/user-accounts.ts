import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminUserSchema, changeEmailBodySchema, deleteUserBodySchema } from '../../../../shared/users'
import { emailChangedNewAddressMail, emailChangedOldAddressMail } from '../../../mail/messages'
import { changeEmail } from '../../../modules/users/change-email'
import { deleteUser } from '../../../modules/users/delete-user'
import { access, requireViewer } from '../../../plugins/access'

const idParams = z.object({ id: z.string() })

/** Admins delete a person for good and change a person's login email (docs/product.md#deleting-a-person). */
const userAccountRoutes: FastifyPluginAsyncZod<{ appOrigin: string }> = async (app, { appOrigin }) => {
  app.delete(
    '/api/v1/users/:id',
    {
      schema: {
        tags: ['users'],
        summary:
          'Admins: delete a person for good, with `confirmEmail` their email typed again; a student must be archived first (409 `student-not-archived`), and their whole record goes with them',
        params: idParams,
        body: deleteUserBodySchema,
      },
      config: { access: access.roles('admin') },
    },
    async (request, reply) => {
      await deleteUser(
        app.db,
        app.files,
        requireViewer(request),
        request.params.id,
        request.body,
        (key, error) =>
          request.log.error({ err: error, key }, 'deleted student left a document file in the store'),
      )
      return reply.code(204).send()
    },
  )

  app.patch(
    '/api/v1/users/:id/email',
    {
      schema: {
        tags: ['users'],
        summary:
          'Admins: change a person’s login email (409 `email-taken`); both addresses are told; answers the user as the list shows them',
        params: idParams,
        body: changeEmailBodySchema,
        response: { 200: adminUserSchema },
      },
      config: { access: access.roles('admin') },
    },
    async (request) => {
      const { user, previousEmail } = await changeEmail(
        app.db,
        requireViewer(request),
        request.params.id,
        request.body,
      )
      if (previousEmail) {
        // After the commit: a failed delivery is logged and does not undo the change.
        const mails = [
          emailChangedOldAddressMail(previousEmail, user.email),
          emailChangedNewAddressMail(user.email, `${appOrigin}/login`),
        ]
        await Promise.all(
          mails.map((mail) =>
            app.mailer.send(mail).catch((err) => request.log.error({ err }, 'email-change mail failed')),
          ),
        )
      }
      return user
    },
  )
}

export default userAccountRoutes
