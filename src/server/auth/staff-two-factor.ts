import { sql } from 'drizzle-orm'

/** The app setting by which admins require two-factor of staff (modules/admin/settings.ts). */
export const REQUIRE_STAFF_TWO_FACTOR = 'require_staff_two_factor'

/**
 * Whether admins have said that staff (admins, educators, FAOs) must use two-factor: true or false,
 * inside any query, so the session read stays one query (docs/product.md#accounts-and-sessions).
 */
export const staffMustUseTwoFactorSql = sql`coalesce((select value = 'true'::jsonb from app_settings
  where key = ${REQUIRE_STAFF_TWO_FACTOR}), false)`

/** A staff member who must set up two-factor before anything else: a condition on `u`, the user. */
export const twoFactorMissingSql = sql`(not u.two_factor_enabled and ${staffMustUseTwoFactorSql} and (
  exists(select 1 from admin_profiles where user_id = u.id)
  or exists(select 1 from educator_profiles where user_id = u.id)
  or exists(select 1 from fao_profiles where user_id = u.id)))`
