import { PGlite } from '@electric-sql/pglite'

/**
 * How PGlite starts: its own start parameters, with 16 MB of shared buffers instead of
 * PostgreSQL's 128 MB. PGlite zeroes its shared buffers in the server's memory at start, so the
 * default cost RSS and time at every start; the pages that do not fit are read back from the
 * operating system's file cache (docs/performance.md, change 9).
 */
export const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
}
