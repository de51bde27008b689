import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageContract } from '../helpers/document-storage'
import { createTestApp, type TestApp } from '../helpers/test-app'
import { filesUnder } from '../helpers/uploads'

/**
 * The same storage contract against an S3-compatible bucket: s3rver, started here on 127.0.0.1
 * (no network), with the app configured only through the S3_* variables.
 */
const BUCKET = 'crestline-test-files'
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
let t: TestApp
let server: S3rver
let client: S3Client
let s3Dir: string

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(tmpdir(), 'crestline-s3-'))
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  t = await createTestApp({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  })
  client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials })
})
afterAll(async () => {
  await t.close()
  client.destroy()
  await server.close()
  rmSync(s3Dir, { recursive: true, force: true })
})

async function storedKeys(): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))
  return (listed.Contents ?? []).map((object) => object.Key!).sort()
}

describe('S3-compatible bucket', () => {
  storageContract(() => ({ t, storedKeys }))

  it('keeps nothing under DATA_DIR/files when the bucket is configured', () => {
    expect(filesUnder(path.join(t.dataDir, 'files'))).toEqual([])
    expect(filesUnder(path.join(t.dataDir, 'incoming'))).toEqual([])
  })
})
