import { z } from 'zod'
import { COLLEGE_ROUNDS, COLLEGE_STATUSES } from './colleges'
import { noteSchema } from './notes'
import { actScoreSchema, satScoreSchema } from './scores'
import { SERVICES, sessionLocationSchema } from './tutoring'

/**
 * `GET /v1/screens/week`: each dashboard's week, one block per role the caller holds
 * (docs/product.md#dashboards). Every row names its student, so the page links to the record.
 */

/** College-list statuses whose deadline is still to be met: the application is not in yet. */
export const DEADLINE_STATUSES = ['researching', 'applying'] as const

/** Days ahead that count as "the next deadlines" for staff, and as "this week" for admins. */
export const CASELOAD_DEADLINE_DAYS = 14
export const ADMIN_DEADLINE_DAYS = 7
/** Notes written within these days count as this week's. */
export const RECENT_NOTE_DAYS = 7

const person = z.object({ name: z.string(), uuid: z.string() })

/** An open task, with the student whose plan holds it. */
export const weekTaskSchema = z.object({
  uuid: z.string(),
  studentUUID: z.string(),
  studentName: z.string(),
  title: z.string(),
  dueDate: z.string().nullable(),
  assignee: person,
  /** The practice test the task is for, when it is one assigned from Practice tests. */
  practiceAttemptUUID: z.string().nullable(),
})
export type WeekTask = z.infer<typeof weekTaskSchema>

/** A college-list entry with a deadline still to be met. */
export const weekDeadlineSchema = z.object({
  uuid: z.string(),
  studentUUID: z.string(),
  studentName: z.string(),
  college: z.string(),
  round: z.enum(COLLEGE_ROUNDS),
  deadline: z.string(),
  status: z.enum(COLLEGE_STATUSES),
})
export type WeekDeadline = z.infer<typeof weekDeadlineSchema>

/** A note written this week on one of the staff member's students: who, when, and its start. */
export const weekNoteSchema = z.object({
  uuid: z.string(),
  studentUUID: z.string(),
  studentName: z.string(),
  date: z.string(),
  author: person,
  visibility: z.enum(['shared', 'internal']),
  excerpt: z.string(),
  createdAt: z.string(),
})
export type WeekNote = z.infer<typeof weekNoteSchema>

/** An entry of the FAO's students' lists that lacks an aid figure. */
export const missingAidSchema = z.object({
  uuid: z.string(),
  studentUUID: z.string(),
  studentName: z.string(),
  college: z.string(),
  round: z.enum(COLLEGE_ROUNDS),
  deadline: z.string().nullable(),
  status: z.enum(COLLEGE_STATUSES),
  costOfAttendance: z.number().nullable(),
  aidOffered: z.number().nullable(),
})
export type MissingAid = z.infer<typeof missingAidSchema>

/** How many upcoming sessions a dashboard lists ("Next sessions"), per block or per child. */
export const NEXT_SESSIONS = 5
export const NEXT_SESSIONS_ADMIN = 10
export const NEXT_SESSIONS_CHILD = 3

/**
 * A scheduled session on a dashboard: upcoming (or under way: its end is still ahead), or, for
 * the educator's "Awaiting attendance", one whose end has passed and that nobody has marked yet.
 */
export const weekSessionSchema = z.object({
  uuid: z.string(),
  studentUUID: z.string(),
  studentName: z.string(),
  educator: person,
  service: z.enum(SERVICES),
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number(),
  timeZone: z.string(),
  location: sessionLocationSchema,
})
export type WeekSession = z.infer<typeof weekSessionSchema>

export const caseloadStudentSchema = z.object({
  name: z.string(),
  uuid: z.string(),
  latestSat: satScoreSchema.nullable(),
  latestAct: actScoreSchema.nullable(),
  targetSat: z.number().nullable(),
  targetAct: z.number().nullable(),
})
export type CaseloadStudent = z.infer<typeof caseloadStudentSchema>

export const familyChildSchema = z.object({
  student: person,
  relationship: z.string(),
  latestSat: satScoreSchema.nullable(),
  latestAct: actScoreSchema.nullable(),
  nextDeadline: weekDeadlineSchema.nullable(),
  nextTask: weekTaskSchema.nullable(),
  /** Shared notes only: internal notes never reach the family. */
  newestSharedNote: noteSchema.nullable(),
  nextSessions: z.array(weekSessionSchema),
  /** The sum of the student's hours ledger; null when no hours were ever recorded. */
  hoursLeft: z.number().nullable(),
})
export type FamilyChild = z.infer<typeof familyChildSchema>

export const weekScreenSchema = z.object({
  /** Today in the caller's time zone (YYYY-MM-DD): what "overdue" and "next" were measured from. */
  today: z.string(),
  student: z
    .object({
      uuid: z.string(),
      archived: z.boolean(),
      /** Open tasks assigned to the student, overdue first, then by due date (none last). */
      tasks: z.array(weekTaskSchema),
      /** The next deadlines on their college list. */
      deadlines: z.array(weekDeadlineSchema),
      nextSessions: z.array(weekSessionSchema),
    })
    .optional(),
  educator: z
    .object({
      /** The sessions they teach on their caseload, next first. */
      nextSessions: z.array(weekSessionSchema),
      /** Their sessions whose end has passed, still scheduled: to be marked, oldest first. */
      awaitingAttendance: z.array(weekSessionSchema),
      students: z.array(caseloadStudentSchema),
      deadlines: z.array(weekDeadlineSchema),
      notes: z.array(weekNoteSchema),
      overdueTasks: z.array(weekTaskSchema),
    })
    .optional(),
  fao: z
    .object({
      missingAid: z.array(missingAidSchema),
      /** How many entries lack a figure in all (the list shows the first ones). */
      missingAidCount: z.number(),
      deadlines: z.array(weekDeadlineSchema),
    })
    .optional(),
  admin: z
    .object({
      counts: z.object({
        activeStudents: z.number(),
        openInquiries: z.number(),
        openInvites: z.number(),
        deadlinesThisWeek: z.number(),
      }),
      /** This week's deadlines across active students (the first ones). */
      deadlines: z.array(weekDeadlineSchema),
      /** The next sessions across active students. */
      nextSessions: z.array(weekSessionSchema),
    })
    .optional(),
  guardian: z.object({ children: z.array(familyChildSchema) }).optional(),
})
export type WeekScreen = z.infer<typeof weekScreenSchema>
