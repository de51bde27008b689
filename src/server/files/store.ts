import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Env } from '../env'
import type { FileStore } from './file-store'
import { LocalFileStore } from './local-store'
import { S3FileStore } from './s3-store'

export type { FileStore }

export function createFileStore(env: Env): FileStore {
  if (env.S3_BUCKET) {
    return new S3FileStore({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    })
  }
  return new LocalFileStore(env.DATA_DIR)
}

/**
 * Uploads are streamed here before their type is checked and they are stored: `DATA_DIR/incoming`.
 * Every upload removes its own file; at boot, files older than an hour (a crash mid-upload) go too,
 * and never a newer one that another instance sharing DATA_DIR may be writing.
 */
export async function prepareIncomingDir(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'incoming')
  await mkdir(dir, { recursive: true })
  const anHourAgo = Date.now() - 60 * 60 * 1000
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name)
    const info = await stat(file).catch(() => null)
    if (info && info.mtimeMs < anHourAgo) await rm(file, { force: true, recursive: true })
  }
  return dir
}
