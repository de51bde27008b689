import { type SQL, sql } from 'drizzle-orm'
import { minutesToHours } from '../../../shared/hours'
import { DELETED_USER_ID } from '../../../shared/users'
import type { DbOrTx, Tx } from '../../db/client'
import { selectRows } from '../../db/raw'
import type { Mailer } from '../../mail/mailer'
import { lowBalanceMail } from '../../mail/messages'
import { TUTORING_SETTING_KEYS, TUTORING_SETTINGS_DEFAULT } from '../admin/settings'
import { guardianLinkCountsSql } from '../students/record'

/**
 * The low-balance email (docs/product.md#hour-packages): when a student's balance is under the
 * admins' threshold, each guardian who may read the record and each admin gets one email, once per
 * fall. A claim row in `mail_claims` (kind `low-balance`, the student, the person told as the
 * period) stands for "told about this fall": inserted by the one claim that wins, on any instance,
 * before the mail goes out; deleted when the balance is back at or above the threshold, which
 * re-arms the email for the next fall.
 *
 * The job sends; every write to the ledger re-arms in its own transaction, so a rise followed by a
 * fall between two passes of the job still counts as a new fall. Both take the same per-student
 * lock, so a claim never reads a balance older than a write that re-armed it.
 */
export const LOW_BALANCE_KIND = 'low-balance'

/** The threshold in hours, as the admins set it (the default when never saved): `getTutoringSettings` in SQL. */
export const lowBalanceHoursSql = sql`coalesce((select (value #>> '{}')::numeric from app_settings
  where key = ${TUTORING_SETTING_KEYS.lowBalanceHours}), ${TUTORING_SETTINGS_DEFAULT.lowBalanceHours})`
const thresholdMinutesSql = sql`(${lowBalanceHoursSql} * 60)`

const balanceSql = (studentId: SQL) =>
  sql`(select coalesce(sum(_l.minutes), 0) from hour_ledger _l where _l.student_id = ${studentId})`

const lockStudent = (tx: Tx, studentId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${LOW_BALANCE_KIND}:${studentId}`}))`)

/** After a write to the student's ledger, in its transaction: a balance back at the threshold re-arms the email. */
export async function rearmLowBalance(tx: Tx, studentId: string): Promise<void> {
  await lockStudent(tx, studentId)
  await tx.execute(sql`delete from mail_claims where kind = ${LOW_BALANCE_KIND} and subject_id = ${studentId}
    and ${balanceSql(sql`${studentId}::uuid`)} >= ${thresholdMinutesSql}`)
}

interface Candidate {
  student_id: string
  student_name: string
  threshold: number
  recipient_id: string
  email: string
}

/**
 * One pass of the job. Candidates: active students who have bought hours and whose balance is
 * under the threshold, with each enabled admin and each guardian who may read the record, not yet
 * told about this fall. Returns `student:recipient` for each email sent. A failed send releases
 * its claim, so the next pass tries again.
 */
export async function sendLowBalanceMail(db: DbOrTx, mailer: Mailer, appOrigin: string): Promise<string[]> {
  // A threshold the admins lowered re-arms the students now at or above it.
  await db.execute(sql`delete from mail_claims c where c.kind = ${LOW_BALANCE_KIND}
    and ${balanceSql(sql`c.subject_id`)} >= ${thresholdMinutesSql}`)
  const candidates = await selectRows<Candidate>(
    db,
    sql`with low as (
      select l.student_id, sum(l.minutes)::int as balance from hour_ledger l
      group by l.student_id having sum(l.minutes) < ${thresholdMinutesSql}
    ), recipients as (
      select low.student_id, u.id, u.email from low cross join admin_profiles ap join users u on u.id = ap.user_id
      union
      select low.student_id, u.id, u.email from low
      join guardian_links gl on gl.student_id = low.student_id join users u on u.id = gl.guardian_id
      where exists(select 1 from guardian_profiles where user_id = u.id)
        and ${guardianLinkCountsSql(sql`gl.accepted_at`, sql`u.id`)}
    )
    select low.student_id, s.name as student_name, ${thresholdMinutesSql}::int as threshold,
      r.id as recipient_id, r.email
    from low
    join student_profiles sp on sp.user_id = low.student_id and sp.archived_at is null
    join users s on s.id = low.student_id
    join recipients r on r.student_id = low.student_id
    join users ru on ru.id = r.id and ru.disabled_at is null and ru.id <> ${DELETED_USER_ID}
    where exists(select 1 from hour_packages p where p.student_id = low.student_id)
      and not exists(select 1 from mail_claims c where c.kind = ${LOW_BALANCE_KIND}
        and c.subject_id = low.student_id and c.period = r.id::text)
    order by low.student_id, r.id`,
  )
  const sent: string[] = []
  for (const candidate of candidates) {
    const claimed = await db.transaction(async (tx) => {
      await lockStudent(tx, candidate.student_id)
      // Read again under the lock: a write since the candidates were read may have raised it.
      const [now] = await selectRows<{ balance: number; low: boolean }>(
        tx,
        sql`select ${balanceSql(sql`${candidate.student_id}::uuid`)}::int as balance,
          ${balanceSql(sql`${candidate.student_id}::uuid`)} < ${thresholdMinutesSql} as low`,
      )
      if (!now?.low) return null
      const rows = await selectRows<{ period: string }>(
        tx,
        sql`insert into mail_claims (kind, subject_id, period)
        values (${LOW_BALANCE_KIND}, ${candidate.student_id}, ${candidate.recipient_id})
        on conflict do nothing returning period`,
      )
      return rows.length > 0 ? now.balance : null
    })
    if (claimed === null) continue
    try {
      await mailer.send(
        lowBalanceMail(candidate.email, {
          studentName: candidate.student_name,
          hoursLeft: minutesToHours(claimed),
          thresholdHours: minutesToHours(candidate.threshold),
          recordLink: `${appOrigin}/students/${candidate.student_id}?section=sessions`,
        }),
      )
      sent.push(`${candidate.student_id}:${candidate.recipient_id}`)
    } catch (error) {
      await db.execute(sql`delete from mail_claims where kind = ${LOW_BALANCE_KIND}
        and subject_id = ${candidate.student_id} and period = ${candidate.recipient_id}`)
      throw error
    }
  }
  return sent
}
