import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  type AnswersInput,
  answersSavedSchema,
  practiceAttemptDetailSchema,
  practiceAttemptListSchema,
  practiceAttemptSchema,
  practiceFormListSchema,
} from '../../../shared/practice'
import { studentSkillsSchema } from '../../../shared/practice-skills'
import { apiFetch } from '../../lib/api-client'
import { invalidateRecord } from '../../lib/invalidate-record'
import { queryKeys } from '../../lib/query-keys'

/** `/v1/students/{id}/practice-attempts[/{attempt}[/{action}]]`. */
const attemptsPath = (studentUuid: string, attemptUuid?: string, action?: 'answers' | 'submit') =>
  `/v1/students/${encodeURIComponent(studentUuid)}/practice-attempts${
    attemptUuid ? `/${encodeURIComponent(attemptUuid)}` : ''
  }${action ? `/${action}` : ''}`

/** `GET …/practice-attempts`: the record's attempts, newest assignment first. */
export const attemptsQueryOptions = (studentUuid: string) =>
  queryOptions({
    queryKey: queryKeys.students.practice(studentUuid),
    queryFn: ({ signal }) =>
      apiFetch(attemptsPath(studentUuid), { schema: practiceAttemptListSchema, signal }),
  })

/** `GET …/practice-attempts/{attempt}`: the answer sheet, and once submitted the scores, skills and review. */
export const attemptQueryOptions = (studentUuid: string, attemptUuid: string) =>
  queryOptions({
    queryKey: queryKeys.students.practiceAttempt(studentUuid, attemptUuid),
    queryFn: ({ signal }) =>
      apiFetch(attemptsPath(studentUuid, attemptUuid), { schema: practiceAttemptDetailSchema, signal }),
  })

/** `GET /v1/students/{id}/skills`: each skill's trend and the three most missed. */
export const skillsQueryOptions = (studentUuid: string) =>
  queryOptions({
    queryKey: queryKeys.students.skills(studentUuid),
    queryFn: ({ signal }) =>
      apiFetch(`/v1/students/${encodeURIComponent(studentUuid)}/skills`, {
        schema: studentSkillsSchema,
        signal,
      }),
  })

/** `GET /v1/practice-tests`: the forms to assign, by name (no key). */
export const practiceFormsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.practiceForms,
    queryFn: ({ signal }) => apiFetch('/v1/practice-tests', { schema: practiceFormListSchema, signal }),
  })

/** An attempt's change shows on the record: its list and skills, the plan (its task) and the overview. */
function useRefreshPractice(studentUuid: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.students.practice(studentUuid) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.students.tasks(studentUuid) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.students.overviews }),
      queryClient.invalidateQueries({ queryKey: queryKeys.myTasks('assigned').slice(0, 1) }),
    ])
}

/** `POST …/practice-attempts`: assign a form (the server adds the task "Take {form}"). */
export function useAssignPractice(studentUuid: string) {
  const refresh = useRefreshPractice(studentUuid)
  return useMutation({
    mutationFn: (body: { formUUID: string; dueDate: string | null }) =>
      apiFetch(attemptsPath(studentUuid), { method: 'POST', body, schema: practiceAttemptSchema }),
    onSettled: refresh,
  })
}

/** `PUT …/answers`: answers as they are given (the answer sheet's queue sends them). */
export const saveAnswers = (studentUuid: string, attemptUuid: string, answers: AnswersInput['answers']) =>
  apiFetch(attemptsPath(studentUuid, attemptUuid, 'answers'), {
    method: 'PUT',
    body: { answers },
    schema: answersSavedSchema,
  })

/** `POST …/submit`: scores the attempt; its practice entry joins the score history. */
export function useSubmitAttempt(studentUuid: string, attemptUuid: string) {
  const queryClient = useQueryClient()
  const refresh = useRefreshPractice(studentUuid)
  return useMutation({
    mutationFn: () =>
      apiFetch(attemptsPath(studentUuid, attemptUuid, 'submit'), {
        method: 'POST',
        body: {},
        schema: practiceAttemptDetailSchema,
      }),
    onSuccess: async (detail) => {
      queryClient.setQueryData(queryKeys.students.practiceAttempt(studentUuid, attemptUuid), detail)
      await Promise.all([refresh(), invalidateRecord(queryClient, studentUuid)])
    },
  })
}
