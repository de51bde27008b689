import type { AuditChangeInput } from '../../../shared/audit'
import type { DbOrTx } from '../../db/client'
import { auditEvents } from '../../db/schema'

/**
 * One audit event: an action of the union in src/shared/audit.ts with the `before` and `after` it
 * gives that action, so an unknown action or a payload of another shape does not compile.
 */
export type AuditEntry = AuditChangeInput & {
  /** Who did it; null for the command line, which acts as nobody in particular. */
  actorId: string | null
  subjectId?: string | null
  studentId?: string | null
}

const toRow = (entry: AuditEntry) => ({
  actorId: entry.actorId,
  action: entry.action,
  subjectType: entry.subjectType,
  subjectId: entry.subjectId ?? null,
  studentId: entry.studentId ?? null,
  before: entry.before ?? null,
  after: entry.after ?? null,
})

/** Records an admin action; call it inside the transaction of the change it describes. */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values(toRow(entry))
}

/** Several actions of one change (a bulk import) in one statement, inside its transaction. */
export async function recordAudits(db: DbOrTx, entries: AuditEntry[]): Promise<void> {
  if (entries.length > 0) await db.insert(auditEvents).values(entries.map(toRow))
}
