import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from '../../src/server/db/unavailable'

/** Which database errors the errors plugin answers as 503 rather than 500 (tests/faults proves it end to end). */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })
/** How Drizzle reports a failed query: its own error, the driver's as `cause`. */
const wrapped = (cause: Error) => new Error('Failed query: select 1\nparams: ', { cause })

describe('isDatabaseUnavailable', () => {
  it('is true for a refused, cut or timed-out connection and a server that is stopping or starting', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true)
      expect(isDatabaseUnavailable(wrapped(error)), error.message).toBe(true)
      expect(isDatabaseUnavailable(new Error('Failed query: rollback', { cause: wrapped(error) }))).toBe(true)
    }
  })

  it('is false for faults of the query or the data, and for things that are not errors', () => {
    for (const error of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('syntax error at or near "selec"', '42601'),
      withCode('new row violates check constraint', '23514'),
      new Error('Something else'),
    ]) {
      expect(isDatabaseUnavailable(wrapped(error)), error.message).toBe(false)
    }
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false)
    expect(isDatabaseUnavailable(null)).toBe(false)
  })
})
