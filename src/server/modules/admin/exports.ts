import { stringify } from 'csv-stringify/sync'
import { sql } from 'drizzle-orm'
import type { Role } from '../../../shared/roles'
import {
  type ActScore,
  latestOfficialEntry,
  type SatScore,
  superscores,
  withActComposite,
  withSatCumulative,
} from '../../../shared/scores'
import { DELETED_USER_ID } from '../../../shared/users'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import {
  actScoresJson,
  isoSql,
  type RawAct,
  type RawSat,
  rolesArraySql,
  satScoresJson,
} from '../students/sql'

type Cell = string | number | null | undefined

/**
 * A cell a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage
 * return) gets a leading apostrophe, so a name like "=HYPERLINK(…)" stays text. Numbers are ours
 * and stay numbers.
 */
export function safeCell(value: Cell): string | number {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return value
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

/** RFC 4180 CSV with a BOM, so spreadsheets read the names' accents as UTF-8. */
export function toCsv(header: string[], rows: Cell[][]): string {
  return stringify([header, ...rows.map((row) => row.map(safeCell))], { bom: true, record_delimiter: '\r\n' })
}

interface UserRow {
  name: string
  email: string
  roles: Role[]
  disabled: boolean
  onboarding_required: boolean
  created_at: string
}

/**
 * `GET /v1/users/export.csv`: everyone, ordered by name. The roles column is written the way the
 * import reads it ("educator;fao"), so the file goes back in as a list of people who exist already.
 */
export async function usersCsv(db: DbOrTx): Promise<string> {
  const rows = await selectRows<UserRow>(
    db,
    sql`select u.name, u.email, ${rolesArraySql(sql`u.id`)} as roles, u.disabled_at is not null as disabled,
      u.onboarding_required, ${isoSql(sql`u.created_at`)} as created_at
    from users u where u.id <> ${DELETED_USER_ID} order by lower(u.name), u.id`,
  )
  return toCsv(
    ['name', 'email', 'roles', 'status', 'created'],
    rows.map((row) => [
      row.name,
      row.email,
      row.roles.join(';'),
      row.disabled ? 'disabled' : row.onboarding_required ? 'not onboarded yet' : 'active',
      row.created_at.slice(0, 10),
    ]),
  )
}

interface StudentRow {
  name: string
  email: string
  archived: boolean
  sat: RawSat[]
  act: RawAct[]
}

const satCells = (score: Omit<SatScore, 'date'> | null | undefined): Cell[] => [
  score?.english,
  score?.math,
  score?.cumulative,
]
const actCells = (score: Omit<ActScore, 'date'> | null | undefined): Cell[] => [
  score?.english,
  score?.math,
  score?.reading,
  score?.science,
  score?.cumulative,
]

/** `GET /v1/students/export.csv`: every student with their newest official and best (superscore) SAT and ACT. */
export async function studentsCsv(db: DbOrTx): Promise<string> {
  const rows = await selectRows<StudentRow>(
    db,
    sql`select u.name, u.email, sp.archived_at is not null as archived,
      ${satScoresJson(sql`u.id`)} as sat, ${actScoresJson(sql`u.id`)} as act
    from student_profiles sp join users u on u.id = sp.user_id order by lower(u.name), u.id`,
  )
  const header = [
    'name',
    'email',
    'status',
    ...['date', 'english', 'math', 'total'].map((part) => `latest SAT ${part}`),
    ...['english', 'math', 'total'].map((part) => `best SAT ${part}`),
    ...['date', 'english', 'math', 'reading', 'science', 'composite'].map((part) => `latest ACT ${part}`),
    ...['english', 'math', 'reading', 'science', 'composite'].map((part) => `best ACT ${part}`),
  ]
  return toCsv(
    header,
    rows.map((row) => {
      // Score lists come oldest first, as on the record.
      const latestSat = latestOfficialEntry(row.sat.map(withSatCumulative))
      const latestAct = latestOfficialEntry(row.act.map(withActComposite))
      const best = superscores(row.sat, row.act)
      return [
        row.name,
        row.email,
        row.archived ? 'archived' : 'active',
        latestSat?.date,
        ...satCells(latestSat),
        ...satCells(best.sat),
        latestAct?.date,
        ...actCells(latestAct),
        ...actCells(best.act),
      ]
    }),
  )
}
