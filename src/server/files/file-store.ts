import type { Readable } from 'node:stream'

/**
 * Where uploaded document files live (ADR 032): a folder under DATA_DIR, or an S3-compatible
 * bucket. Keys are ours (`<studentId>/<random uuid>`), never a name a user typed, and no store
 * hands out a public address: every read goes through the download route.
 */
export interface FileStore {
  /** Moves a finished upload (a temporary file of `size` bytes) into the store under `key`. */
  put(key: string, tempFile: string, size: number, type: string): Promise<void>
  /** The stored bytes; throws when the key is missing. */
  read(key: string): Promise<Readable>
  /** Removes the file; a missing key is not an error. */
  remove(key: string): Promise<void>
  /** Whether the key holds a file (tests and checks). */
  exists(key: string): Promise<boolean>
}
