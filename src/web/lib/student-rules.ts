import { queryOptions, useQuery } from '@tanstack/react-query'
import { STUDENT_RULES_DEFAULT, type StudentRules, studentRulesSchema } from '../../shared/admin-settings'
import { kindOf } from '../../shared/record-rules'
import { apiFetch } from './api-client'
import { queryKeys } from './query-keys'
import type { RecordAccess } from './record-access'

/** `GET /v1/student-rules`: what admins let students change on their own record. */
export const studentRulesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.studentRules,
    queryFn: () => apiFetch('/v1/student-rules', { schema: studentRulesSchema }),
    staleTime: 60_000,
  })

/**
 * The rules as they bear on this viewer: staff are never limited by them (asked only for the
 * student, so no one else calls). Until the answer arrives a student's limited controls stay
 * hidden rather than appear and vanish.
 */
export function useStudentRules(access: RecordAccess): StudentRules {
  const isStudent = kindOf(access) === 'self'
  const rules = useQuery({ ...studentRulesQueryOptions(), enabled: isStudent })
  if (!isStudent) return STUDENT_RULES_DEFAULT
  return rules.data ?? { studentsSetTargets: false, studentsEditOthersColleges: false }
}
