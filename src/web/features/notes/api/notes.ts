import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { NOTE_PAGE_SIZE, type NoteInput, notePageSchema, noteSchema } from '../../../../shared/notes'
import { apiFetch } from '../../../lib/api-client'
import { noContentSchema } from '../../../lib/no-content'
import { queryKeys } from '../../../lib/query-keys'

const notesPath = (studentUuid: string) => `/v1/students/${encodeURIComponent(studentUuid)}/notes`
const notePath = (studentUuid: string, noteUuid: string) =>
  `${notesPath(studentUuid)}/${encodeURIComponent(noteUuid)}`

/** `GET /v1/students/{id}/notes` in keyset pages, newest session first ("Load more"). */
export const notesQueryOptions = (studentUuid: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.students.notes(studentUuid),
    queryFn: ({ pageParam }) =>
      apiFetch(
        `${notesPath(studentUuid)}?limit=${NOTE_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { schema: notePageSchema },
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })

export const createNote = (studentUuid: string, body: NoteInput) =>
  apiFetch(notesPath(studentUuid), { method: 'POST', body, schema: noteSchema })

export const updateNote = (studentUuid: string, noteUuid: string, body: NoteInput) =>
  apiFetch(notePath(studentUuid, noteUuid), { method: 'PUT', body, schema: noteSchema })

export const deleteNote = (studentUuid: string, noteUuid: string) =>
  apiFetch(notePath(studentUuid, noteUuid), { method: 'DELETE', schema: noContentSchema })

/** A note change refetches the list, the sessions (their notes) and the screens that show the newest shared note (awaited). */
function useNoteMutation<T>(studentUuid: string, mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.students.notes(studentUuid) }),
        // A session shows the note written for it.
        queryClient.invalidateQueries({ queryKey: queryKeys.students.sessions(studentUuid) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.screens.all }),
      ]),
  })
}

/** Writes a new note, or edits one when `noteUuid` is given. */
export const useSaveNote = (studentUuid: string) =>
  useNoteMutation(studentUuid, ({ noteUuid, body }: { noteUuid?: string | undefined; body: NoteInput }) =>
    noteUuid ? updateNote(studentUuid, noteUuid, body) : createNote(studentUuid, body),
  )

export const useDeleteNote = (studentUuid: string) =>
  useNoteMutation(studentUuid, (noteUuid: string) => deleteNote(studentUuid, noteUuid))
