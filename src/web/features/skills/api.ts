import { queryOptions } from '@tanstack/react-query'
import { caseloadSkillsSchema } from '../../../shared/practice-skills'
import { apiFetch } from '../../lib/api-client'
import { queryKeys } from '../../lib/query-keys'

/** `GET /v1/skills?educator=&from=&to=`: the skills an educator's students miss most in a date range. */
export const caseloadSkillsQueryOptions = (educatorUuid: string, from: string, to: string) =>
  queryOptions({
    queryKey: queryKeys.caseloadSkills(educatorUuid, from, to),
    queryFn: () =>
      apiFetch(`/v1/skills?${new URLSearchParams({ educator: educatorUuid, from, to })}`, {
        schema: caseloadSkillsSchema,
      }),
  })
