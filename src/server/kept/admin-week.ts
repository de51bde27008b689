import { weekScreenSchema } from '../../shared/week'
import type { Viewer } from '../auth/viewer'
import type { Db } from '../db/client'
import { weekScreenWith } from '../modules/students/week'
import { keptUntilWrite } from './write-epoch'

/**
 * An admin's week on the embedded database, kept until its next write (write-epoch.ts) or until
 * the clock changes it (`changesAt`: their next midnight, a note ageing out, an invite expiring).
 * Its counts of inquiries and invites follow no record version, but every write to them passes
 * through this process. On PostgreSQL it is read every time.
 */
const adminWeekMemo = keptUntilWrite<{ body: string; changesAt: number }>({
  maxBytes: 4 * 1024 * 1024,
  stillTrue: ({ changesAt }) => Date.now() < changesAt,
})

/** How many admin weeks the memo answered (tests). */
export const adminWeekMemoHits = () => adminWeekMemo.hits

/** The week of a caller who holds the admin role, as the JSON text the route sends. */
export async function adminWeek(db: Db, viewer: Viewer): Promise<string> {
  const roles = [...viewer.roles].sort().join('+')
  const { body } = await adminWeekMemo.read(db, `${viewer.id}:${roles}`, async () => {
    const { screen, changesAt } = await weekScreenWith(db, viewer)
    return { body: JSON.stringify(weekScreenSchema.encode(screen)), changesAt }
  })
  return body
}
