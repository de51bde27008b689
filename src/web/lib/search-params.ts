/**
 * The routes' search validation without zod: the router checks the search before the first render,
 * and zod loads after it (ADR 053). A value that does not fit is dropped, as `.catch(undefined)`
 * did.
 */

/** `value` when it is one of `allowed`. */
export const oneOf = <T extends string>(allowed: readonly T[], value: unknown): T | undefined =>
  allowed.find((option) => option === value)

/** `true` for `?name=true` (the router reads it as JSON). */
export const onlyTrue = (value: unknown): true | undefined => (value === true ? true : undefined)

/** A string matching `pattern`. */
export const matching = (pattern: RegExp, value: unknown): string | undefined =>
  typeof value === 'string' && pattern.test(value) ? value : undefined

/** A date written YYYY-MM-DD. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** A UUID as zod's `z.uuid()` takes it (RFC 9562 versions and variant, the nil and max UUIDs). */
export const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/
