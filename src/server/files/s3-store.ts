import { createReadStream } from 'node:fs'
import { unlink } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import type { S3Client } from '@aws-sdk/client-s3'
import type { FileStore } from './file-store'

type Sdk = typeof import('@aws-sdk/client-s3')

export interface S3Options {
  bucket: string
  endpoint: string | undefined
  region: string
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: boolean
}

/**
 * Files in an S3-compatible bucket, private: objects are read only through the download route.
 * The AWS SDK is imported when the store is made, never at start-up of a server that keeps its
 * files in DATA_DIR, which never needs it.
 */
export class S3FileStore implements FileStore {
  private readonly ready: Promise<{ sdk: Sdk; client: S3Client }>
  private readonly bucket: string

  constructor(options: S3Options) {
    this.bucket = options.bucket
    this.ready = import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: s3Client(sdk, options) }))
    // A failed import surfaces on the first use, not as an unhandled rejection at start-up.
    this.ready.catch(() => {})
  }

  async put(key: string, tempFile: string, size: number, type: string): Promise<void> {
    try {
      const { sdk, client } = await this.ready
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(tempFile),
          ContentLength: size,
          ContentType: type,
        }),
      )
    } finally {
      await unlink(tempFile).catch(() => {})
    }
  }

  async read(key: string): Promise<Readable> {
    const { sdk, client } = await this.ready
    const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }))
    return answer.Body as Readable
  }

  async remove(key: string): Promise<void> {
    const { sdk, client } = await this.ready
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
  }

  async exists(key: string): Promise<boolean> {
    const { sdk, client } = await this.ready
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }))
      return true
    } catch (error) {
      if ((error as { name?: string }).name === 'NotFound') return false
      throw error
    }
  }
}

function s3Client(sdk: Sdk, options: S3Options): S3Client {
  return new sdk.S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 demands them: many S3-compatible servers do not understand the
    // newer streamed-checksum uploads the SDK sends by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}
