import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { postMessage } from '../modules/messages/writes'
import type { DemoContext } from './demo-plans'

/**
 * Maya's conversations: the Family one, where her mother, her tutor and Maya sort out a session
 * and an essay draft, and one Staff message between her coaches. Written through the messages
 * module (each audited) and dated over the last days; older than the email's look-back, so the
 * demo starts without a batch of emails, and its unread counts still show.
 */
export async function seedDemoMessages({ tx, id, viewers }: DemoContext): Promise<void> {
  // The module opens its own transaction: inside the seed's, that is a savepoint.
  const db = tx as unknown as Db
  const say = async (kind: 'family' | 'staff', by: string, body: string, hoursAgo: number) => {
    const message = await postMessage(db, viewers[by]!, id('maya'), kind, { body })
    await tx.execute(
      sql`update messages set created_at = now() - make_interval(mins => ${hoursAgo * 60}) where id = ${message.uuid}`,
    )
    await tx.execute(
      sql`update audit_events set created_at = now() - make_interval(mins => ${hoursAgo * 60})
      where subject_id = ${message.uuid}`,
    )
  }
  await say(
    'family',
    'laura',
    'Hi Priya, Maya has a school trip next Tuesday. Could we move that session to Thursday?',
    100,
  )
  await say(
    'family',
    'priya',
    'Of course. Thursday at **4:00 PM** works for me; I will move it in the schedule.',
    98,
  )
  await say('family', 'maya', 'Thank you! I will also bring my second essay draft.', 97)
  await say(
    'family',
    'priya',
    'Great. Read the comments on draft 2 first, especially the opening paragraph.',
    75,
  )
  await say(
    'staff',
    'priya',
    'Daniel, Maya is strong on Math; her essay needs a clearer story. Could you look at draft 2 before Thursday?',
    74,
  )
}
