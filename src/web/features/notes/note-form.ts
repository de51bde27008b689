import { z } from 'zod'
import { noteInputSchema, type SessionNote } from '../../../shared/notes'
import { fromText } from '../../lib/text-number'

/** The note form: the shared rules, with the duration typed as text (empty means none). */
export const noteFormSchema = z.object({
  date: noteInputSchema.shape.date,
  durationMinutes: fromText(noteInputSchema.shape.durationMinutes),
  visibility: noteInputSchema.shape.visibility,
  body: noteInputSchema.shape.body,
})

export type NoteFormValues = { date: string; durationMinutes: string; visibility: string; body: string }
export const NOTE_FIELDS = ['date', 'durationMinutes', 'visibility', 'body'] as const

/** Today in the viewer's own time zone, as YYYY-MM-DD: the session they just had. */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** A new note starts internal (staff only): sharing is a choice, never the default. */
export function noteFormDefaults(note: SessionNote | null): NoteFormValues {
  return {
    date: note?.date ?? localToday(),
    durationMinutes: note?.durationMinutes != null ? String(note.durationMinutes) : '',
    visibility: note?.visibility ?? 'internal',
    body: note?.body ?? '',
  }
}

/** "60 min", "1 h 30 min". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return `${rest} min`
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}
