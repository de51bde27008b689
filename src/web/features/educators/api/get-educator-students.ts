import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

/** An educator's student list: `{ students: [{ name, uuid }] }`. */
export const educatorStudentsSchema = z.object({
  students: z.array(z.object({ name: z.string(), uuid: z.string() })),
})

export const educatorStudentsQueryOptions = (educatorUuid: string) =>
  queryOptions({
    queryKey: queryKeys.educatorStudents.of(educatorUuid),
    queryFn: () =>
      apiFetch(`/v1/educators/${encodeURIComponent(educatorUuid)}/students`, {
        schema: educatorStudentsSchema,
      }),
    retry: false,
  })
