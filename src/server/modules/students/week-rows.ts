import { minutesToHours } from '../../../shared/hours'
import { markdownExcerpt } from '../../../shared/markdown'
import type { SessionNote } from '../../../shared/notes'
import { withActComposite, withSatCumulative } from '../../../shared/scores'
import type {
  MissingAid,
  WeekDeadline,
  WeekNote,
  WeekScreen,
  WeekSession,
  WeekTask,
} from '../../../shared/week'
import type { RawAct, RawSat } from './sql'

// The week's row as the statement answers it, and the screen made from it.

interface RawChild {
  student: { name: string; uuid: string }
  relationship: string
  sat: RawSat | null
  act: RawAct | null
  nextDeadline: WeekDeadline | null
  nextTask: WeekTask | null
  note: SessionNote | null
  nextSessions: WeekSession[]
  hoursLeft: number | null
}
interface RawCaseloadStudent {
  name: string
  uuid: string
  sat: RawSat | null
  act: RawAct | null
  targetSat: number | null
  targetAct: number | null
}
export interface WeekRow {
  today: string
  student: WeekScreen['student'] | null
  educator: {
    nextSessions: WeekSession[]
    awaitingAttendance: WeekSession[]
    students: RawCaseloadStudent[]
    deadlines: WeekDeadline[]
    notes: WeekNote[]
    overdueTasks: WeekTask[]
  } | null
  fao: { missingAid: MissingAid[]; missingAidCount: number; deadlines: WeekDeadline[] } | null
  admin: WeekScreen['admin'] | null
  guardian: { children: RawChild[] } | null
  next_day_at: number
  invite_expires_at: number | null
  sessions_change_at: number | null
  extra?: string
}

/** A week note's excerpt: its first words as plain text (the dashboard shows no Markdown). */
const NOTE_EXCERPT = 160

export function weekFromRow(row: WeekRow): WeekScreen {
  const screen: WeekScreen = { today: row.today }
  if (row.student) screen.student = row.student
  if (row.educator) {
    const { students, ...rest } = row.educator
    screen.educator = {
      ...rest,
      notes: rest.notes.map((note) => ({ ...note, excerpt: markdownExcerpt(note.excerpt, NOTE_EXCERPT) })),
      students: students.map(({ sat, act, ...student }) => ({
        ...student,
        latestSat: sat ? withSatCumulative(sat) : null,
        latestAct: act ? withActComposite(act) : null,
      })),
    }
  }
  if (row.fao) screen.fao = row.fao
  if (row.admin) screen.admin = row.admin
  if (row.guardian) {
    screen.guardian = {
      children: row.guardian.children.map(({ sat, act, note, hoursLeft, ...child }) => ({
        ...child,
        hoursLeft: hoursLeft === null ? null : minutesToHours(Number(hoursLeft)),
        latestSat: sat ? withSatCumulative(sat) : null,
        latestAct: act ? withActComposite(act) : null,
        newestSharedNote: note,
      })),
    }
  }
  return screen
}
