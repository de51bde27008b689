import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { ANSWERS_PER_SAVE_MAX, type PracticeAttemptDetail } from '../../../shared/practice'
import type { PracticeSection } from '../../../shared/practice-layouts'
import { errorMessage, isApiError } from '../../lib/api-client'
import { queryKeys } from '../../lib/query-keys'
import { saveAnswers } from './api'

export interface AnswerEntry {
  section: PracticeSection
  number: number
  answer: string | null
}
/** Saved: the server has every answer. Saving: one is on its way. Retrying: the last save failed and is tried again. */
export type SaveState = 'saved' | 'saving' | 'retrying' | 'refused'

const keyOf = (entry: { section: string; number: number }) => `${entry.section}:${entry.number}`
const storageKey = (attemptUuid: string) => `practice-unsaved:${attemptUuid}`
const RETRY_MAX_MS = 15_000

function answersOf(attempt: PracticeAttemptDetail): Record<string, string | null> {
  const answers: Record<string, string | null> = {}
  for (const section of attempt.sections) {
    for (const question of section.questions)
      answers[keyOf({ section: section.section, number: question.number })] = question.answer
  }
  return answers
}

function readUnsaved(attemptUuid: string): AnswerEntry[] {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(attemptUuid)) ?? '[]') as unknown
    return Array.isArray(stored) ? (stored as AnswerEntry[]) : []
  } catch {
    return []
  }
}

/**
 * The answer sheet's answers: shown at once (optimistic), saved as they are given. An answer not
 * yet saved waits in a queue that is also kept in the browser's storage, so a lost connection or a
 * closed tab loses nothing: failed saves are tried again (sooner when the browser is back online),
 * and the next visit on this device sends what is left. The server's answers are the start on any
 * device (docs/product.md#practice-tests).
 */
export function useAnswerQueue(studentUuid: string, attempt: PracticeAttemptDetail) {
  const queryClient = useQueryClient()
  const [answers, setAnswers] = useState(() => answersOf(attempt))
  const [state, setState] = useState<SaveState>('saved')
  const [problem, setProblem] = useState<string | null>(null)
  const unsaved = useRef(new Map<string, AnswerEntry>())
  const inFlight = useRef<Promise<void> | null>(null)
  const failures = useRef(0)
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const persist = useCallback(() => {
    try {
      if (unsaved.current.size === 0) localStorage.removeItem(storageKey(attempt.uuid))
      else localStorage.setItem(storageKey(attempt.uuid), JSON.stringify([...unsaved.current.values()]))
    } catch {
      // Private browsing without storage: the queue still holds the answers while the page is open.
    }
  }, [attempt.uuid])

  const flush = useCallback((): Promise<void> => {
    if (inFlight.current) return inFlight.current
    if (unsaved.current.size === 0) return Promise.resolve()
    clearTimeout(retryTimer.current)
    const batch = [...unsaved.current.values()].slice(0, ANSWERS_PER_SAVE_MAX)
    setState('saving')
    const settle = (entries: AnswerEntry[]) => {
      // An answer changed again while this one was on its way stays in the queue.
      for (const entry of entries)
        if (unsaved.current.get(keyOf(entry)) === entry) unsaved.current.delete(keyOf(entry))
      persist()
    }
    const run = saveAnswers(studentUuid, attempt.uuid, batch).then(
      () => {
        settle(batch)
        failures.current = 0
        setProblem(null)
        inFlight.current = null
        if (unsaved.current.size > 0) return flush()
        setState('saved')
      },
      (error: unknown) => {
        inFlight.current = null
        if (isApiError(error) && [400, 403, 404, 409].includes(error.status)) {
          // Refused for good (submitted elsewhere, an answer the question does not take): not retried.
          settle(batch)
          setState('refused')
          setProblem(errorMessage(error))
          if (error.status === 409) {
            void queryClient.invalidateQueries({
              queryKey: queryKeys.students.practiceAttempt(studentUuid, attempt.uuid),
            })
          }
          return
        }
        setState('retrying')
        const delay = Math.min(RETRY_MAX_MS, 1000 * 2 ** failures.current)
        failures.current += 1
        retryTimer.current = setTimeout(() => void flush(), delay)
      },
    )
    inFlight.current = run
    return run
  }, [studentUuid, attempt.uuid, persist, queryClient])

  // What an earlier visit on this device could not send goes first; back online, try at once.
  useEffect(() => {
    const left = readUnsaved(attempt.uuid)
    if (left.length > 0) {
      for (const entry of left) unsaved.current.set(keyOf(entry), entry)
      setAnswers((shown) => ({
        ...shown,
        ...Object.fromEntries(left.map((entry) => [keyOf(entry), entry.answer])),
      }))
      void flush()
    }
    const online = () => void flush()
    window.addEventListener('online', online)
    return () => {
      window.removeEventListener('online', online)
      clearTimeout(retryTimer.current)
    }
  }, [attempt.uuid, flush])

  const give = useCallback(
    (entry: AnswerEntry) => {
      unsaved.current.set(keyOf(entry), entry)
      persist()
      setAnswers((shown) => ({ ...shown, [keyOf(entry)]: entry.answer }))
      void flush()
    },
    [flush, persist],
  )

  /** Waits until every answer is saved; throws when one cannot be. */
  const saveAll = useCallback(async () => {
    for (let round = 0; unsaved.current.size > 0 && round < 3; round += 1) {
      failures.current = 0
      await flush()
    }
    if (unsaved.current.size > 0)
      throw new Error('Some answers are not saved yet. Check your connection and try again.')
  }, [flush])

  const answerOf = (section: PracticeSection, number: number) => answers[keyOf({ section, number })] ?? null
  return { answerOf, give, state, problem, saveAll }
}
