import type { UserListQuery } from '../../shared/users'
import { adminUserSchema } from '../../shared/users'
import type { Db } from '../db/client'
import {
  type AdminUserListRow,
  adminScoreLists,
  adminUserFromRow,
  listUserRows,
} from '../modules/users/admin-user-list'
import type { KeptAnswers } from './answers'
import { RECORD_VERSIONS, STUDENT_VERSIONS_OR_NONE } from './versions'
import { keptUntilWrite } from './write-epoch'

/**
 * The admin list's rows on the embedded database, kept until its next write: they follow from the
 * data alone (write-epoch.ts). A search typed letter by letter, or paged back and forth, then
 * runs no query until something changes.
 */
const adminListMemo = keptUntilWrite<AdminUserListRow[]>({ maxBytes: 8 * 1024 * 1024 })

/** How many list reads the memo answered (tests). */
export const adminListMemoHits = () => adminListMemo.hits

/**
 * A page of the admin's user list as the JSON text `GET /api/v1/users` answers. Each row is read
 * fresh by the list's query (on the embedded database, kept until its next write) with, for a
 * student, their record's versions; a student's score lists are what is kept, under those
 * versions, so an answer is rebuilt when the person, their profiles or their scores change. The
 * lists that are missing are read together, in one statement.
 */
export async function adminUserPage(
  answers: KeptAnswers,
  db: Db,
  query: Omit<UserListQuery, 'limit'> & { limit?: number },
): Promise<string> {
  const { rows, nextCursor } = await listUserRows(db, query, {
    extra: STUDENT_VERSIONS_OR_NONE,
    read: (key, load) => adminListMemo.read(db, key, load),
  })
  const users = await adminUserBodies(answers, db, rows)
  return `{"users":[${users.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`
}

async function adminUserBodies(
  answers: KeptAnswers,
  db: Db,
  rows: readonly AdminUserListRow[],
): Promise<string[]> {
  const shown = rows.map(({ extra, sort_name, ...row }) => JSON.stringify(row))
  const bodies = rows.map((row, index) =>
    answers.current(`admin-user:${row.id}`, `${row.extra}|${shown[index]}`),
  )
  const missing = rows.filter((_row, index) => bodies[index] === undefined)
  answers.misses += missing.length
  if (missing.length === 0) return bodies as string[]
  const lists = await adminScoreLists(
    db,
    missing.filter((row) => row.is_student).map((row) => row.id),
    RECORD_VERSIONS,
  )
  return rows.map((row, index) => {
    if (bodies[index] !== undefined) return bodies[index]
    const scores = lists.get(row.id)
    const body = JSON.stringify(adminUserSchema.encode(adminUserFromRow(row, scores)))
    // Kept under the versions read with the lists (never older than the lists themselves); a
    // student whose lists were not found (deleted a moment ago) is answered but not kept.
    const versions = row.is_student ? scores?.extra : row.extra
    if (versions !== undefined)
      answers.keep(`admin-user:${row.id}`, { versions: `${versions}|${shown[index]}`, body })
    return body
  })
}
