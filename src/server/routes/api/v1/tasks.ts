import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  myTasksQuerySchema,
  myTasksSchema,
  taskInputSchema,
  taskListSchema,
  taskPatchSchema,
  taskSchema,
} from '../../../../shared/tasks'
import { tellAssignee } from '../../../modules/tasks/assigned-mail'
import { createTask, deleteTask, listTasks, myTasks, updateTask } from '../../../modules/tasks/tasks'
import { access, requireViewer } from '../../../plugins/access'

const studentParams = z.object({ id: z.string() })
const taskParams = studentParams.extend({ taskId: z.string() })

/** Tasks on a student's plan; who may do what is decided in the tasks module (404 for outsiders). */
const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/students/:id/tasks',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Tasks: open ones by due date (none last), then done ones, most recently completed first',
        params: studentParams,
        response: { 200: taskListSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => ({ tasks: await listTasks(app.db, requireViewer(request), request.params.id) }),
  )

  app.post(
    '/api/v1/students/:id/tasks',
    {
      schema: {
        tags: ['tasks'],
        summary:
          'Add a task (admins and educators on the team; the student for themself); someone given it by another is emailed',
        params: studentParams,
        body: taskInputSchema,
        response: { 201: taskSchema },
      },
      config: { access: access.anyUser },
    },
    async (request, reply) => {
      const viewer = requireViewer(request)
      const task = await createTask(app.db, viewer, request.params.id, request.body)
      // Someone else's task tells its assignee, once written (no query for one's own).
      if (task.assignee.uuid !== viewer.id) await tellAssignee(app, request.log, task.uuid, viewer.id)
      return reply.code(201).send(task)
    },
  )

  app.patch(
    '/api/v1/students/:id/tasks/:taskId',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Change a task; its assignee may mark it done or open again; a new assignee is emailed',
        params: taskParams,
        body: taskPatchSchema,
        response: { 200: taskSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => {
      const { id, taskId } = request.params
      const viewer = requireViewer(request)
      const { task, reassigned } = await updateTask(app.db, viewer, id, taskId, request.body)
      if (reassigned) await tellAssignee(app, request.log, task.uuid, viewer.id)
      return task
    },
  )

  app.delete(
    '/api/v1/students/:id/tasks/:taskId',
    {
      schema: { tags: ['tasks'], summary: 'Delete a task', params: taskParams },
      config: { access: access.anyUser },
    },
    async (request, reply) => {
      await deleteTask(app.db, requireViewer(request), request.params.id, request.params.taskId)
      return reply.code(204).send()
    },
  )

  app.get(
    '/api/v1/tasks/mine',
    {
      schema: {
        tags: ['tasks'],
        summary:
          "The dashboard's open tasks: assigned to me, or (scope=students) those of the students I follow",
        querystring: myTasksQuerySchema,
        response: { 200: myTasksSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => ({
      tasks: await myTasks(app.db, requireViewer(request), request.query.scope ?? 'assigned'),
    }),
  )
}

export default taskRoutes
