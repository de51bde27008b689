import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client'
import { selectRows } from '../db/raw'

/**
 * Password-reset links, as better-auth keeps them (`verifications`, `reset-password:<token>`
 * naming the user): only the newest one a person was sent works, and a used one voids the rest.
 */

/** A new link voids the ones sent before it at once (the statement runs alike for an unknown email). */
export async function keepNewestResetLink(db: DbOrTx, email: string): Promise<void> {
  await db.execute(sql`with owner as (select id::text as id from users where lower(email) = ${email}),
      newest as (select v.id from verifications v, owner
        where v.identifier like 'reset-password:%' and v.value = owner.id
        order by v.created_at desc, v.expires_at desc limit 1)
      delete from verifications v using owner
      where v.identifier like 'reset-password:%' and v.value = owner.id and v.id not in (select id from newest)`)
}

/** Whose reset a token is, read before better-auth uses it up. */
export async function resetTokenOwner(db: DbOrTx, body: unknown): Promise<string | null> {
  const token = (body as { token?: unknown })?.token
  if (typeof token !== 'string') return null
  const [row] = await selectRows<{ value: string }>(
    db,
    sql`select value from verifications where identifier = ${`reset-password:${token}`}`,
  )
  return row?.value ?? null
}

/** A used reset link voids every other one the person was sent: an older email found later must not reset again. */
export async function voidResetLinksOf(db: DbOrTx, owner: string): Promise<void> {
  await db.execute(
    sql`delete from verifications where identifier like 'reset-password:%' and value = ${owner}`,
  )
}
