import { randomUUID } from 'node:crypto'
import { unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { TargetsInput } from '../../shared/scores'
import type { StudentProfilePatch } from '../../shared/student-profile'
import { todayIn } from '../../shared/tasks'
import { loadViewer, type Viewer } from '../auth/viewer'
import type { Tx } from '../db/client'
import { actScores, satScores } from '../db/schema'
import { insertDocument } from '../db/seed/documents'
import { insertGuardianLink, insertNote } from '../db/seed/families'
import type { SeededUser } from '../db/seed/users'
import type { FileStore } from '../files/store'
import { createNote } from '../modules/notes/notes'
import { writeNewDocument } from '../modules/students/documents'
import { writeStudentProfile } from '../modules/students/profile'
import { addScore } from '../modules/students/scores'
import { setTargets } from '../modules/students/targets'
import { seedDemoMessages } from './demo-messages'
import { textPdf } from './demo-pdf'
import { type DemoContext, seedDemoPlans } from './demo-plans'
import { seedDemoPractice } from './demo-practice'
import { seedDemoSessions } from './demo-sessions'

/** Where the demo's uploaded file goes: the server's own file store and its incoming folder. */
export interface DemoFiles {
  store: FileStore
  incomingDir: string
}

export type DemoPeople = Record<string, SeededUser>

/**
 * The demo's records, dated from the day it is seeded so it never goes stale: history written
 * straight to the tables (dated in the past, as if made then), and this week's work made through
 * the product's own modules, so it carries its audit events and shows in each record's history.
 */
export async function seedDemoRecords(
  tx: Tx,
  made: DemoPeople,
  files: DemoFiles,
  /** The file keys this put in the store: the caller removes them if the transaction fails. */
  stored: string[],
): Promise<void> {
  // Demo people keep the default time zone: "today" is theirs.
  const today = todayIn('America/New_York')
  const day = (offset: number) => {
    const date = new Date(`${today}T00:00:00Z`)
    date.setUTCDate(date.getUTCDate() + offset)
    return date.toISOString().slice(0, 10)
  }
  const at = (offset: number) => new Date(`${day(offset)}T15:00:00Z`)
  const id = (key: string) => made[key]!.id
  const viewers: Record<string, Viewer> = {}
  for (const key of Object.keys(made)) viewers[key] = (await loadViewer(tx, id(key)))!
  // Every audit event of one transaction has its start time: each step dates its own events back,
  // and the sessions it cancelled or marked and the notes it wrote with them (a coach's "notes this
  // week" counts notes by when they were written).
  const redate = async (hoursAgo: number) => {
    const then = sql`now() - make_interval(mins => ${Math.round(hoursAgo * 60)})`
    await tx.execute(sql`update audit_events set created_at = ${then} where created_at = now()`)
    await tx.execute(sql`update tutoring_sessions set status_set_at = ${then} where status_set_at = now()`)
    await tx.execute(
      sql`update session_notes set created_at = ${then}, updated_at = ${then} where created_at = now()`,
    )
  }
  const ctx: DemoContext = { tx, day, id, viewers, redate }

  // Scores: every entry names who added it, as entries made in the product do.
  await tx.insert(satScores).values([
    {
      studentId: id('maya'),
      date: day(-460),
      english: 610,
      math: 640,
      source: 'diagnostic',
      note: 'Full-length diagnostic at the first session',
      createdById: id('priya'),
      createdAt: at(-460),
    },
    {
      studentId: id('maya'),
      date: day(-420),
      english: 650,
      math: 690,
      createdById: id('priya'),
      createdAt: at(-418),
    },
    {
      studentId: id('maya'),
      date: day(-74),
      english: 700,
      math: 720,
      createdById: id('maya'),
      createdAt: at(-60),
    },
    {
      studentId: id('ethan'),
      date: day(-200),
      english: 560,
      math: 600,
      createdById: id('priya'),
      createdAt: at(-185),
    },
  ])
  const act = (student: string, date: number, scores: [number, number, number, number], by: string) => ({
    studentId: id(student),
    date: day(date),
    english: scores[0],
    math: scores[1],
    reading: scores[2],
    science: scores[3],
    createdById: id(by),
    createdAt: at(date + 14),
  })
  await tx
    .insert(actScores)
    .values([
      act('jordan', -530, [24, 26, 25, 23], 'priya'),
      act('jordan', -400, [27, 28, 26, 25], 'priya'),
      act('sofia', -290, [31, 27, 32, 29], 'sofia'),
    ])
  // Targets: the scores each student is coached toward and the test date each is meant for,
  // written as the body a coach sends (`TargetsInput`).
  const targets: Array<[student: string, setBy: string, target: TargetsInput]> = [
    ['maya', 'priya', { sat: 1480, satDate: day(98) }],
    ['jordan', 'priya', { act: 30, actDate: day(77) }],
    ['sofia', 'daniel', { act: 32 }],
    ['ethan', 'priya', { sat: 1350, satDate: day(126) }],
  ]
  for (const [student, setBy, target] of targets) await setTargets(tx, viewers[setBy]!, id(student), target)
  // Each student's class year, school and planned test dates, as they gave them at onboarding.
  const profiles: Array<[student: string, profile: StudentProfilePatch]> = [
    ['maya', { classYear: 2027, school: 'Lincoln High School', testDates: [{ test: 'SAT', date: day(98) }] }],
    [
      'jordan',
      { classYear: 2028, school: 'Roosevelt High School', testDates: [{ test: 'ACT', date: day(77) }] },
    ],
    ['sofia', { classYear: 2027, school: 'St. Mary’s Academy', testDates: [] }],
    [
      'ethan',
      { classYear: 2028, school: 'Lincoln High School', testDates: [{ test: 'SAT', date: day(126) }] },
    ],
  ]
  for (const [student, profile] of profiles) await writeStudentProfile(tx, id(student), id(student), profile)
  await redate(9 * 24)

  // Documents: links, one hidden from the student, and a pinned PDF uploaded through the file store.
  const doc = (student: string, creator: string, name: string, link: string, ago: number, flags = {}) =>
    insertDocument(tx, id(student), {
      creatorId: id(creator),
      name,
      url: `https://docs.example.com/${link}`,
      createdAt: at(-ago),
      ...flags,
    })
  await doc('maya', 'priya', 'Diagnostic SAT report', 'maya/diagnostic', 455)
  await doc('maya', 'maya', 'Common App essay draft 2', 'maya/essay-draft-2', 40)
  await doc('maya', 'priya', 'Tutor notes: pacing on Math module 2', 'maya/tutor-notes', 30, { hidden: true })
  await doc('jordan', 'priya', 'ACT science passage drills', 'jordan/science-drills', 120, { pinned: true })
  await doc('sofia', 'daniel', 'Personal statement outline', 'sofia/outline', 90)
  await doc('sofia', 'admin', 'Financial aid checklist: CSS Profile and FAFSA', 'sofia/aid-checklist', 60)
  await doc('ethan', 'daniel', 'College list, first draft', 'ethan/college-list', 45)
  stored.push(await uploadStudyPlan(tx, files, viewers.priya!, id('maya')))
  await redate(3)

  // Family: Maya's mother, who reads Maya's shared notes.
  await insertGuardianLink(tx, id('maya'), id('laura'), 'Mother')

  // Session notes: earlier ones as written then; this week's through the product.
  const note = (
    student: string,
    author: string,
    ago: number,
    shared: boolean,
    minutes: number | null,
    body: string,
  ) =>
    insertNote(tx, id(student), {
      authorId: id(author),
      date: day(-ago),
      visibility: shared ? 'shared' : 'internal',
      durationMinutes: minutes,
      body,
      createdAt: at(-ago),
    })
  await note(
    'maya',
    'priya',
    30,
    true,
    60,
    'Reviewed the last practice test. **Math module 2** is where the time goes: Maya finished with 4 questions unanswered.\n\nFor next week:\n\n- Two timed module-2 sets (35 minutes each)\n- Skip and return on any question over 90 seconds\n- Redo the missed linear-equation questions from the [question bank](https://satsuite.collegeboard.org/)',
  )
  await note(
    'maya',
    'priya',
    30,
    false,
    null,
    'Maya seemed anxious about the next test date. Consider suggesting the later sitting if the next practice score stays under 1380; talk to Daniel first.',
  )
  await note(
    'maya',
    'daniel',
    16,
    true,
    45,
    'Essay session: we cut the opening anecdote and started with the robotics-club failure instead. Draft 3 is due **Friday**; keep it under 650 words.',
  )
  await note(
    'jordan',
    'priya',
    21,
    false,
    50,
    'Science passages: reads every graph twice. Work on reading the question first.',
  )
  await createNote(tx, viewers.priya!, id('maya'), {
    date: day(-2),
    durationMinutes: 60,
    visibility: 'shared',
    body: 'Practice test 6: **1450**, her best yet. Module 2 finished with three minutes to spare.\n\nBefore the test: one more timed set, and an early night the day before.',
  })
  await addScore(tx, viewers.priya!, id('maya'), 'sat', {
    date: day(-2),
    english: 720,
    math: 730,
    source: 'practice',
    note: 'Practice test 6 in Bluebook',
  })
  await redate(44)
  await createNote(tx, viewers.fao!, id('sofia'), {
    date: day(-1),
    durationMinutes: 30,
    visibility: 'internal',
    body: 'CSS Profile is in. The Rice award letter lists a $4,000 outside scholarship twice; ask the aid office to correct it before comparing offers.',
  })
  await redate(20)

  await seedDemoPlans(ctx)
  await seedDemoSessions(ctx)
  await seedDemoMessages(ctx)
  await seedDemoPractice(ctx)
}

/** Maya's study plan: a real PDF stored as an upload is, pinned to the top of her documents; its key. */
async function uploadStudyPlan(tx: Tx, files: DemoFiles, priya: Viewer, studentId: string): Promise<string> {
  const pdf = textPdf('SAT study plan: Maya Chen', [
    'Goal: 1480 (Reading and Writing 720, Math 760).',
    'Weekly: two timed Math module 2 sets, one Reading and Writing set.',
    'Every other week: a full practice test in Bluebook, reviewed at the next session.',
    'Rule of thumb: skip and return on any question over 90 seconds.',
  ])
  const key = `${studentId.toLowerCase()}/${randomUUID()}`
  const temp = path.join(files.incomingDir, randomUUID())
  await writeFile(temp, pdf)
  try {
    await files.store.put(key, temp, pdf.length, 'application/pdf')
  } finally {
    await unlink(temp).catch(() => {})
  }
  await writeNewDocument(tx, priya, studentId, {
    name: 'SAT study plan',
    pinned: true,
    fileKey: key,
    fileName: 'sat-study-plan.pdf',
    fileType: 'application/pdf',
    fileSize: pdf.length,
  })
  return key
}
