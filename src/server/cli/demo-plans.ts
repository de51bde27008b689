import type { Viewer } from '../auth/viewer'
import type { Tx } from '../db/client'
import { addCollege, updateCollege } from '../modules/colleges/colleges'
import { inviteGuardian } from '../modules/guardians/guardians'
import { createInvite } from '../modules/invites/invites'
import { createTask, updateTask } from '../modules/tasks/tasks'

/** What the demo's records are written with: the transaction, dates from the seeding day, its people. */
export interface DemoContext {
  tx: Tx
  /** The calendar date `offset` days from the seeding day, as YYYY-MM-DD. */
  day: (offset: number) => string
  id: (key: string) => string
  viewers: Record<string, Viewer>
  /** Dates the audit events written since the last call `hoursAgo` hours back, so the history reads in order. */
  redate: (hoursAgo: number) => Promise<void>
}

/**
 * The plans: college lists, tasks and invites waiting, made through the product's modules (each
 * with its audit event), as the people on each team would make them this week.
 */
export async function seedDemoPlans({ tx, day, id, viewers, redate }: DemoContext): Promise<void> {
  // College lists: rounds, deadlines from last month to next (one this week, some within 14 days),
  // and aid figures the FAO enters on the teams she is on; some entries still lack them.
  const college = async (
    student: string,
    by: string,
    entry: {
      name: string
      round: 'ED' | 'ED2' | 'EA' | 'RD' | 'Rolling'
      due: number | null
      notes?: string
    },
    status: 'researching' | 'applying' | 'submitted',
    aid?: { cost: number; offered?: number },
  ) => {
    const { name, round, due, notes } = entry
    const added = await addCollege(tx, viewers[by]!, id(student), {
      name,
      round,
      deadline: due === null ? null : day(due),
      status,
      notes: notes ?? null,
    })
    if (aid) aidLater.push({ student, uuid: added.uuid, ...aid })
  }
  const aidLater: Array<{ student: string; uuid: string; cost: number; offered?: number }> = []
  const tufts = {
    name: 'Tufts University',
    round: 'ED',
    due: 3,
    notes: 'Supplement essays with Daniel.',
  } as const
  await college('maya', 'daniel', tufts, 'applying', { cost: 89_500, offered: 42_000 })
  await college('maya', 'maya', { name: 'Northeastern University', round: 'EA', due: 10 }, 'applying', {
    cost: 90_200,
  })
  await college('maya', 'priya', { name: 'University of Michigan', round: 'EA', due: -26 }, 'submitted', {
    cost: 76_000,
    offered: 18_500,
  })
  await college('maya', 'maya', { name: 'Carnegie Mellon University', round: 'RD', due: 36 }, 'researching')
  await college('sofia', 'daniel', { name: 'Rice University', round: 'ED', due: -26 }, 'submitted', {
    cost: 82_400,
    offered: 61_000,
  })
  await college('sofia', 'sofia', { name: 'University of Texas at Austin', round: 'RD', due: 13 }, 'applying')
  await college('sofia', 'sofia', { name: 'Vanderbilt University', round: 'ED2', due: 36 }, 'researching')
  await college('ethan', 'daniel', { name: 'Purdue University', round: 'EA', due: -26 }, 'submitted')
  await college('ethan', 'ethan', { name: 'University of Washington', round: 'RD', due: 8 }, 'applying')
  await college('jordan', 'priya', { name: 'Indiana University', round: 'EA', due: -26 }, 'submitted')
  await college('jordan', 'jordan', { name: 'Miami University', round: 'Rolling', due: null }, 'researching')

  await redate(6 * 24)
  // The FAO's figures, cost first and the offer once its letter came.
  for (const { student, uuid, cost } of aidLater)
    await updateCollege(tx, viewers.fao!, id(student), uuid, { costOfAttendance: cost })
  await redate(3 * 24)
  for (const { student, uuid, offered } of aidLater) {
    if (offered !== undefined)
      await updateCollege(tx, viewers.fao!, id(student), uuid, { aidOffered: offered })
  }
  await redate(26)

  // Tasks: one overdue, some due soon, one done.
  const task = (
    student: string,
    by: string,
    title: string,
    due: number,
    assignee = student,
    details?: string,
  ) =>
    createTask(tx, viewers[by]!, id(student), {
      title,
      dueDate: day(due),
      assigneeUUID: id(assignee),
      details: details ?? null,
    })
  await task('maya', 'daniel', 'Send the Tufts supplement draft to Daniel', -2)
  await task(
    'maya',
    'priya',
    'Timed Math module 2 set',
    2,
    'maya',
    'Two sets, 35 minutes each. Note every question over 90 seconds.',
  )
  await task('maya', 'daniel', 'Compare the Michigan and Tufts aid offers', 6, 'fao')
  const letter = await task('maya', 'maya', 'Ask Ms. Alvarez for the counselor letter', -5)
  await task('jordan', 'priya', 'ACT science passages 6 to 10', 5)
  await task('jordan', 'priya', "Go over Jordan's science drills", 1, 'priya')
  await task('sofia', 'daniel', 'Draft the UT Austin short answers', 9)
  await task('ethan', 'priya', 'Practice SAT 5 in Bluebook, timed', 4)
  await task('ethan', 'daniel', 'Finish the University of Washington personal statement', 7)

  await redate(4 * 24)
  await updateTask(tx, viewers.maya!, id('maya'), letter.uuid, { status: 'done' })
  await redate(5)

  // Invites waiting: Ethan's father (from Ethan's page) and a new educator (from Manage Users).
  await inviteGuardian(tx, viewers.daniel!, id('ethan'), {
    email: 'min.park@example.com',
    name: 'Min Park',
    relationship: 'Father',
  })
  await createInvite(
    tx,
    {
      email: 'hannah.kim@example.com',
      name: 'Hannah Kim',
      student: false,
      educator: true,
      fao: false,
      admin: false,
    },
    id('admin'),
  )
  await redate(1)
}
