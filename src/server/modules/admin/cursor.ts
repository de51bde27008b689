import { type SQL, sql } from 'drizzle-orm'
import { fieldError } from '../../problems'

/**
 * Opaque keyset cursors: the sort key of the last row a page returned, as base64url JSON. Only
 * strings travel in them, so a timestamp keeps PostgreSQL's full microsecond precision.
 */
export function encodeCursor(key: string[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url')
}

export function decodeCursor(cursor: string | undefined, length: number): string[] | undefined {
  if (cursor === undefined || cursor === '') return undefined
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(key) && key.length === length && key.every((part) => typeof part === 'string')) {
      return key as string[]
    }
  } catch {
    // falls through to the field error
  }
  throw invalidCursor()
}

export const invalidCursor = () =>
  fieldError('cursor', 'That cursor is not valid. Start again from the first page.')

/** Exactly what the server writes into a cursor (UTC, microseconds), and a real calendar instant. */
export function isCursorTimestamp(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/.test(value)) return false
  const instant = new Date(`${value.slice(0, 23)}Z`)
  return !Number.isNaN(instant.getTime()) && instant.toISOString().slice(0, 23) === value.slice(0, 23)
}

/** A keyset timestamp as the cursor carries it: UTC with microseconds, no zone. */
export const cursorTimestampSql = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`
