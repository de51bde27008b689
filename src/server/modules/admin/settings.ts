import { sql } from 'drizzle-orm'
import type { AppSettings } from '../../../shared/admin-settings'
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

export async function getAppSettings(db: DbOrTx): Promise<AppSettings> {
  const [row] = await selectRows<{ required: boolean }>(
    db,
    sql`select ${staffMustUseTwoFactorSql} as required`,
  )
  return { requireStaffTwoFactor: row?.required ?? false }
}

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
export async function updateAppSettings(db: Db, viewer: Viewer, settings: AppSettings): Promise<AppSettings> {
  return db.transaction(async (tx) => {
    const before = await getAppSettings(tx)
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
    await tx.execute(sql`insert into app_settings (key, value, updated_by_id)
      values (${REQUIRE_STAFF_TWO_FACTOR}, ${JSON.stringify(settings.requireStaffTwoFactor)}::jsonb, ${viewer.id})
      on conflict (key) do update set value = excluded.value, updated_by_id = excluded.updated_by_id,
        updated_at = now()`)
    if (before.requireStaffTwoFactor !== settings.requireStaffTwoFactor) {
      await recordAudit(tx, {
        actorId: viewer.id,
        action: 'settings.changed',
        subjectType: 'settings',
        before,
        after: settings,
      })
    }
    return settings
  })
}
