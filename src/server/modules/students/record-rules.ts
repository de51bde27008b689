import {
  type AccessOnRecord,
  ARCHIVED_REFUSAL,
  archivedForFamily,
  kindOf,
  may,
  RECORD_RULES,
  type RecordAction,
  type RecordRule,
  type StudentAccess,
} from '../../../shared/record-rules'
import { conflict, forbidden } from '../../problems'

/**
 * As `may` (src/shared/record-rules.ts, the table of who may do what on a record), but throws:
 * 409 `record-archived` for the family's change to an archived record (whatever the table says:
 * nothing on it may change), else the rule's 403, in the same words the modules have always
 * answered. Every write on a record comes here with the access `studentAccess` found, so the
 * archived rule holds for every write in this one place.
 */
export function requireRule(
  access: StudentAccess | AccessOnRecord,
  action: RecordAction,
  own?: boolean,
): void {
  if (archivedForFamily(access, action)) throw conflict(ARCHIVED_REFUSAL.code, ARCHIVED_REFUSAL.message)
  if (may(access, action, own)) return
  const kind = kindOf(access)
  const rule: RecordRule = RECORD_RULES[action]
  const refusal = rule.grants[kind] === 'own' ? rule.notOwn : rule.refusals?.[kind]
  // Each refusal a module can reach is in the table (tests/unit/record-rules.test.ts); this is a guard.
  throw forbidden(refusal?.message ?? 'You may not do this on this record.', refusal?.code)
}
