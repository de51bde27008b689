import { createReadStream } from 'node:fs'
import { copyFile, mkdir, rename, rm, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import type { FileStore } from './file-store'

/** Files under `DATA_DIR/files/<studentId>/<uuid>`: nothing to set up (docs/operations.md, Configuration). */
export class LocalFileStore implements FileStore {
  readonly root: string

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'files')
  }

  /** Keys are ours (uuids and a slash); anything else would be a bug, never a path to follow. */
  private pathOf(key: string): string {
    if (!/^[0-9a-f-]{36}\/[0-9a-f-]{36}$/.test(key)) throw new Error(`Not a file key: ${key}`)
    return path.join(this.root, key)
  }

  async put(key: string, tempFile: string): Promise<void> {
    const target = this.pathOf(key)
    await mkdir(path.dirname(target), { recursive: true })
    try {
      await rename(tempFile, target)
    } catch (error) {
      // Another file system (DATA_DIR/files mounted apart): copy, then drop the temporary file.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
      await copyFile(tempFile, target)
      await unlink(tempFile)
    }
  }

  async read(key: string): Promise<Readable> {
    const file = this.pathOf(key)
    await stat(file)
    return createReadStream(file)
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true })
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      () => true,
      () => false,
    )
  }
}
