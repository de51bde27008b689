import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { adminInviteSchema } from '../../../../shared/invites'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

/** `GET /v1/user-invites`: every invite with its status (available, used, expired), for admins. */
export const getInvites = () => apiFetch('/v1/user-invites', { schema: z.array(adminInviteSchema) })

export const invitesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.invites.list(), queryFn: getInvites })
