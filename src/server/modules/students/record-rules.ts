import {
  may,
  RECORD_RULES,
  type RecordAction,
  type RecordRule,
  type StudentAccess,
} from '../../../shared/record-rules'
import { forbidden } from '../../problems'

/**
 * As `may` (src/shared/record-rules.ts, the table of who may do what on a record), but throws the
 * rule's 403: the same words the modules have always answered.
 */
export function requireRule(access: StudentAccess, action: RecordAction, own?: boolean): void {
  if (may(access, action, own)) return
  const rule: RecordRule = RECORD_RULES[action]
  const refusal = rule.grants[access] === 'own' ? rule.notOwn : rule.refusals?.[access]
  // Each refusal a module can reach is in the table (tests/unit/record-rules.test.ts); this is a guard.
  throw forbidden(refusal?.message ?? 'You may not do this on this record.', refusal?.code)
}
