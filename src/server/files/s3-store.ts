import { createReadStream } from 'node:fs'
import { unlink } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import type { FileStore } from './store'

export interface S3Options {
  bucket: string
  endpoint: string | undefined
  region: string
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: boolean
}

/** Files in an S3-compatible bucket, private: objects are read only through the download route. */
export class S3FileStore implements FileStore {
  private readonly client: S3Client
  private readonly bucket: string

  constructor(options: S3Options) {
    this.bucket = options.bucket
    this.client = new S3Client({
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

  async put(key: string, tempFile: string, size: number, type: string): Promise<void> {
    try {
      await this.client.send(
        new PutObjectCommand({
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
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))
    return answer.Body as Readable
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))
      return true
    } catch (error) {
      if ((error as { name?: string }).name === 'NotFound') return false
      throw error
    }
  }
}
