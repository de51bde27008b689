import { queryOptions } from '@tanstack/react-query'
import { caseloadSkillsSchema } from '../../../shared/practice-skills'
import { apiFetch } from '../../lib/api-client'
import { queryKeys } from '../../lib/query-keys'

/**
 * `GET /v1/skills?educator=&from=&to=`: the skills an educator's students (`educator` their UUID)
 * or every student (`all`, admins) miss most in a date range.
 */
export const caseloadSkillsQueryOptions = (educator: string, from: string, to: string) =>
  queryOptions({
    queryKey: queryKeys.caseloadSkills(educator, from, to),
    queryFn: () =>
      apiFetch(`/v1/skills?${new URLSearchParams({ educator, from, to })}`, {
        schema: caseloadSkillsSchema,
      }),
  })
