import { sql } from 'drizzle-orm'
import {
  type AppSettings,
  type AppSettingsInput,
  STUDENT_RULES_DEFAULT,
  type StudentRules,
} from '../../../shared/admin-settings'
import {
  REQUIRE_STAFF_TWO_FACTOR,
  staffMustUseTwoFactorSql,
  twoFactorMissingSql,
} from '../../auth/staff-two-factor'
import type { Viewer } from '../../auth/viewer'
import type { Db, DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { conflict } from '../../problems'
import { recordAudit } from '../audit/audit'

export { staffMustUseTwoFactorSql, twoFactorMissingSql }

/** The keys of the settings stored in `app_settings` (two-factor's lives with the session query). */
const STUDENT_RULE_KEYS: Record<keyof StudentRules, string> = {
  studentsSetTargets: 'students_set_targets',
  studentsEditOthersColleges: 'students_edit_others_colleges',
}

/** What students may change on their own record; a setting never saved is the default (allowed). */
export async function getStudentRules(db: DbOrTx): Promise<StudentRules> {
  const [row] = await selectRows<{ targets: boolean | null; colleges: boolean | null }>(
    db,
    sql`select (select value = 'true'::jsonb from app_settings where key = ${STUDENT_RULE_KEYS.studentsSetTargets}) as targets,
      (select value = 'true'::jsonb from app_settings where key = ${STUDENT_RULE_KEYS.studentsEditOthersColleges}) as colleges`,
  )
  return {
    studentsSetTargets: row?.targets ?? STUDENT_RULES_DEFAULT.studentsSetTargets,
    studentsEditOthersColleges: row?.colleges ?? STUDENT_RULES_DEFAULT.studentsEditOthersColleges,
  }
}

export async function getAppSettings(db: DbOrTx): Promise<AppSettings> {
  const [row] = await selectRows<{ required: boolean }>(
    db,
    sql`select ${staffMustUseTwoFactorSql} as required`,
  )
  return {
    requireStaffTwoFactor: row?.required ?? false,
    ...(await getStudentRules(db)),
    ...(await getTutoringSettings(db)),
  }
}

const saveSetting = (tx: DbOrTx, key: string, value: boolean | number, actorId: string) =>
  tx.execute(sql`insert into app_settings (key, value, updated_by_id)
      values (${key}, ${JSON.stringify(value)}::jsonb, ${actorId})
      on conflict (key) do update set value = excluded.value, updated_by_id = excluded.updated_by_id,
        updated_at = now()`)

/** Whether this user may not turn two-factor off: they are staff and admins require it. */
export async function twoFactorRequiredOf(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await selectRows<{ required: boolean }>(
    db,
    sql`select ${staffMustUseTwoFactorSql} and (
      exists(select 1 from admin_profiles where user_id = ${userId})
      or exists(select 1 from educator_profiles where user_id = ${userId})
      or exists(select 1 from fao_profiles where user_id = ${userId})) as required`,
  )
  return row?.required ?? false
}

/**
 * Changes the settings, audited in the same transaction. An admin turns the requirement on only
 * with two-factor of their own, so that they cannot lock themself out of everything but set-up.
 */
export async function updateAppSettings(
  db: Db,
  viewer: Viewer,
  input: AppSettingsInput,
): Promise<AppSettings> {
  return db.transaction(async (tx) => {
    // One admin's change at a time, so that `before` is what the next change starts from.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('app_settings'))`)
    const before = await getAppSettings(tx)
    const settings: AppSettings = {
      requireStaffTwoFactor: input.requireStaffTwoFactor ?? before.requireStaffTwoFactor,
      studentsSetTargets: input.studentsSetTargets ?? before.studentsSetTargets,
      studentsEditOthersColleges: input.studentsEditOthersColleges ?? before.studentsEditOthersColleges,
      cancellationNoticeHours: input.cancellationNoticeHours ?? before.cancellationNoticeHours,
      sessionReminderHours: input.sessionReminderHours ?? before.sessionReminderHours,
      lowBalanceHours: input.lowBalanceHours ?? before.lowBalanceHours,
    }
    if (settings.requireStaffTwoFactor && !before.requireStaffTwoFactor) {
      const [self] = await selectRows<{ enabled: boolean }>(
        tx,
        sql`select two_factor_enabled as enabled from users where id = ${viewer.id}`,
      )
      if (!self?.enabled) {
        throw conflict(
          'two-factor-not-set-up',
          'Set up two-factor for your own account in Settings before requiring it of staff.',
        )
      }
    }
    if (input.requireStaffTwoFactor !== undefined)
      await saveSetting(tx, REQUIRE_STAFF_TWO_FACTOR, settings.requireStaffTwoFactor, viewer.id)
    for (const [name, key] of Object.entries(STUDENT_RULE_KEYS) as Array<[keyof StudentRules, string]>) {
      if (input[name] !== undefined) await saveSetting(tx, key, settings[name], viewer.id)
    }
    for (const [name, key] of Object.entries(TUTORING_SETTING_KEYS) as Array<
      [keyof TutoringSettings, string]
    >) {
      if (input[name] !== undefined) await saveSetting(tx, key, settings[name], viewer.id)
    }
    const changed = (Object.keys(settings) as Array<keyof AppSettings>).filter(
      (name) => before[name] !== settings[name],
    )
    if (changed.length > 0) {
      // Only what changed, so the log reads as one sentence per change.
      const pick = (from: AppSettings) => Object.fromEntries(changed.map((name) => [name, from[name]]))
      await recordAudit(tx, {
        actorId: viewer.id,
        action: 'settings.changed',
        subjectType: 'settings',
        before: pick(before),
        after: pick(settings),
      })
    }
    return settings
  })
}

/** The sessions' and hours' settings as the company set them, a setting never saved being its default. */
export interface TutoringSettings {
  /** A family's cancellation this close to the start (or closer) is late, and charged. */
  cancellationNoticeHours: number
  /** How long before a session its reminder goes out. */
  sessionReminderHours: number
  /** Under this many hours left, guardians and admins are told once. */
  lowBalanceHours: number
}

export const TUTORING_SETTINGS_DEFAULT: TutoringSettings = {
  cancellationNoticeHours: 24,
  sessionReminderHours: 24,
  lowBalanceHours: 2,
}

export const TUTORING_SETTING_KEYS: Record<keyof TutoringSettings, string> = {
  cancellationNoticeHours: 'cancellation_notice_hours',
  sessionReminderHours: 'session_reminder_hours',
  lowBalanceHours: 'low_balance_hours',
}

/** The company's cancellation notice in hours as an SQL expression, for reads that need it in the same statement. */
export const cancellationNoticeHoursSql = sql`coalesce((select (value #>> '{}')::float8 from app_settings
  where key = ${TUTORING_SETTING_KEYS.cancellationNoticeHours}), ${TUTORING_SETTINGS_DEFAULT.cancellationNoticeHours}::float8)`

export async function getTutoringSettings(db: DbOrTx): Promise<TutoringSettings> {
  const [row] = await selectRows<{ notice: number | null; reminder: number | null; low: number | null }>(
    db,
    sql`select (select (value #>> '{}')::numeric from app_settings where key = ${TUTORING_SETTING_KEYS.cancellationNoticeHours})::float8 as notice,
      (select (value #>> '{}')::numeric from app_settings where key = ${TUTORING_SETTING_KEYS.sessionReminderHours})::float8 as reminder,
      (select (value #>> '{}')::numeric from app_settings where key = ${TUTORING_SETTING_KEYS.lowBalanceHours})::float8 as low`,
  )
  return {
    cancellationNoticeHours: row?.notice ?? TUTORING_SETTINGS_DEFAULT.cancellationNoticeHours,
    sessionReminderHours: row?.reminder ?? TUTORING_SETTINGS_DEFAULT.sessionReminderHours,
    lowBalanceHours: row?.low ?? TUTORING_SETTINGS_DEFAULT.lowBalanceHours,
  }
}
