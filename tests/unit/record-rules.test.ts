import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  archivedForFamily,
  type Grant,
  grantFor,
  may,
  RECORD_RULES,
  type RecordAction,
  type StudentAccess,
} from '../../src/shared/record-rules'

const KINDS: StudentAccess[] = ['admin', 'editor', 'reader', 'self', 'guardian']

/** The rows of the permissions table in docs/product.md, by their action cell. */
function documentedRows(): Map<string, string[]> {
  const product = readFileSync(join(__dirname, '../../docs/product.md'), 'utf8')
  const section = product.split('\n## Permissions\n')[1]!.split('\n## ')[0]!
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| action |'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
  return new Map(rows.map(([action, ...cells]) => [action!, cells]))
}

/** What a cell of the documented table grants; `as the student` is read by the caller. */
function grantOf(cell: string): Grant | undefined {
  if (/^40[34]\b/.test(cell)) return undefined
  if (/their own|for themself|^only /.test(cell)) return 'own'
  if (/^(yes|all)\b/.test(cell)) return 'any'
  throw new Error(`The permissions table has a cell this test cannot read: "${cell}"`)
}

/**
 * Each documented row about one student's record and the rules in the table that carry it.
 * `cells` reads a cell whose words say more than the rule (a download of a visible document is
 * not a hidden one).
 */
const DOCUMENTED: Record<string, Array<{ rule: RecordAction; cells?: Record<string, Grant | undefined> }>> = {
  "read the student's record": [{ rule: 'record.read' }],
  // Whatever a student adds is theirs: "their own" limits only what they delete.
  'add or delete scores': [
    { rule: 'scores.add', cells: { 'yes, their own': 'any' } },
    { rule: 'scores.change' },
  ],
  'add a document (a link or a file)': [{ rule: 'documents.add' }],
  "download a document's file": [
    { rule: 'documents.readHidden', cells: { 'yes, but a hidden one is 404': undefined } },
  ],
  'edit or delete a document': [{ rule: 'documents.change' }],
  'set a document hidden or pinned': [{ rule: 'documents.setHiddenOrPinned' }],
  'read session notes': [{ rule: 'notes.readInternal', cells: { 'shared ones': undefined } }],
  'write a session note': [{ rule: 'notes.write' }],
  'invite or remove a guardian': [{ rule: 'guardians.manage' }],
  "change the student's profile (class year, school, planned test dates)": [{ rule: 'profile.change' }],
  'add a task': [{ rule: 'tasks.create' }],
  'edit or delete a task': [{ rule: 'tasks.change' }, { rule: 'tasks.delete' }],
  'mark a task done or open again': [{ rule: 'tasks.setStatus' }],
  'add or delete a college entry; change its name, round, deadline, status, notes': [
    { rule: 'colleges.plan' },
  ],
  "change a college entry's cost of attendance and aid offered": [{ rule: 'colleges.financial' }],
  'read tutoring sessions': [{ rule: 'sessions.read' }],
  'schedule, reschedule or change a session; mark attendance': [{ rule: 'sessions.schedule' }],
  'cancel a session': [{ rule: 'sessions.cancel' }],
  'read hour packages, the hours ledger and its CSV statement': [{ rule: 'hours.read' }],
  'record an hour package or adjust the hours': [{ rule: 'hours.manage' }],
  'read and write the Family conversation': [{ rule: 'messages.write' }],
  'read and write the Staff conversation': [{ rule: 'messages.staff' }],
  'edit a message (within 15 minutes of posting it)': [{ rule: 'messages.edit' }],
  'delete a message ("Message deleted" stays in its place)': [{ rule: 'messages.delete' }],
  'read practice attempts, their scores, review and skills': [{ rule: 'practice.read' }],
  'assign a practice test': [{ rule: 'practice.assign' }],
  'answer and submit a practice attempt': [{ rule: 'practice.answer' }],
}

/** Documented rows the route gates answer (config.access), not the record's rules. */
const ROUTE_GATES = [
  'list people who may join the team; add or remove a member',
  "list an educator's students (`GET /v1/educators/{id}/students`)",
  'see the profile page of user X',
  'user list, invites, admin screens, archive, inquiries, roles and accounts (email changes and deletion too), audit log',
]

/** Rules finer than the documented table, with where the product says them. */
const FINER_THAN_THE_TABLE: RecordAction[] = [
  'record.readGuardianEmails', // docs/product.md#guardians: emails only to staff and admins
  'notes.edit', // docs/product.md#session-notes: only the author edits a note
  'notes.delete', // docs/product.md#session-notes: the author or an admin deletes it
]

describe('the record rules (docs/product.md#permissions)', () => {
  const documented = documentedRows()

  it('reads every row of the documented table, as a record rule or a route gate', () => {
    expect([...documented.keys()].sort()).toEqual([...Object.keys(DOCUMENTED), ...ROUTE_GATES].sort())
  })

  it('has every rule of the table in the documented table, or says why not', () => {
    const covered = Object.values(DOCUMENTED).flatMap((rules) => rules.map(({ rule }) => rule))
    expect([...covered, ...FINER_THAN_THE_TABLE].sort()).toEqual(Object.keys(RECORD_RULES).sort())
  })

  for (const [action, rules] of Object.entries(DOCUMENTED)) {
    for (const { rule, cells } of rules) {
      it(`${rule} grants what "${action}" says`, () => {
        const row = documented.get(action)!
        const read = (cell: string) => (cells && cell in cells ? cells[cell] : grantOf(cell))
        const studentGrant = read(row[3]!)
        const documentedGrants = Object.fromEntries(
          KINDS.map((kind, column) => {
            const cell = row[column]!
            return [kind, cell === 'as the student' ? studentGrant : read(cell)]
          }),
        )
        const codeGrants = Object.fromEntries(KINDS.map((kind) => [kind, grantFor(kind, rule)]))
        expect(codeGrants).toEqual(documentedGrants)
        // Outsiders never reach a rule: the last column is 404 (or 403 for a route gate).
        expect(row[5]).toBe('404')
      })
    }
  }

  it('has a 403 for each access kind a module refuses with the table', () => {
    for (const [action, rule] of Object.entries(RECORD_RULES) as Array<
      [RecordAction, (typeof RECORD_RULES)[RecordAction]]
    >) {
      if (!('refusals' in rule)) continue
      const refusals: Partial<Record<StudentAccess, unknown>> = rule.refusals
      for (const kind of KINDS) {
        const grant = grantFor(kind, action)
        if (grant === undefined) expect(refusals[kind], `${action} for ${kind}`).toBeDefined()
        if (grant === 'own') expect('notOwn' in rule, `${action} for ${kind}`).toBe(true)
      }
    }
  })

  it('lets an own grant through until the thing is known, then only when it is theirs', () => {
    expect(may('self', 'scores.change')).toBe(true)
    expect(may('self', 'scores.change', true)).toBe(true)
    expect(may('self', 'scores.change', false)).toBe(false)
    expect(may('editor', 'scores.change', false)).toBe(true)
    expect(may('guardian', 'scores.change', true)).toBe(false)
  })
})

describe('an archived record', () => {
  const actions = Object.keys(RECORD_RULES) as RecordAction[]

  it('lets the family read as before and change nothing; staff keep the table', () => {
    for (const kind of ['self', 'guardian'] as const) {
      const archived = { kind, archived: true }
      for (const action of actions) {
        const reads =
          action.startsWith('record.') ||
          action.endsWith('.read') ||
          action.endsWith('.readHidden') ||
          action.endsWith('.readInternal')
        expect(may(archived, action), `${kind} ${action}`).toBe(reads && may(kind, action))
        expect(archivedForFamily(archived, action), `${kind} ${action}`).toBe(!reads)
      }
    }
    for (const kind of ['admin', 'editor', 'reader'] as const) {
      for (const action of actions) {
        expect(may({ kind, archived: true }, action), `${kind} ${action}`).toBe(may(kind, action))
      }
    }
    expect(may({ kind: 'self', archived: false }, 'scores.add')).toBe(true)
  })
})
