import { existsSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

/**
 * Configuration, checked once at boot (docs/operations.md, Configuration). A bad value stops the process with
 * a message naming the variable.
 */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalText.pipe(z.url().startsWith('postgres').optional()),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    APP_ORIGIN: optionalText.pipe(z.url().optional()),
    AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    REDIS_URL: optionalText.pipe(
      z
        .url()
        .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
        .optional(),
    ),
    /** Several deployments may share one Redis: each keeps its counters under its own prefix. */
    REDIS_KEY_PREFIX: z.string().default('crestline:'),
    SMTP_URL: optionalText.pipe(z.url().optional()),
    MAIL_FROM: z.string().default('Crestline Prep <no-reply@crestlineprep.com>'),
    CONTACT_NOTIFY_EMAIL: z.email().default('hello@crestlineprep.com'),
    IMAGES_BASE_URL: z.string().default('/images'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: optionalText,
    /** Uploaded files go to this S3-compatible bucket when set; else under DATA_DIR/files. */
    S3_BUCKET: optionalText,
    /** An S3-compatible server's address (MinIO, R2 …); AWS itself when unset. */
    S3_ENDPOINT: optionalText.pipe(
      z
        .url()
        .regex(/^https?:\/\//, 'must start with http:// or https://')
        .optional(),
    ),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** Address the bucket as ENDPOINT/BUCKET rather than BUCKET.ENDPOINT (most S3-compatible servers). */
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
    /** Test-only: multiplies the auth rate limits. Refused in production (docs/api.md#rate-limits). */
    AUTH_RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(10_000).default(1),
    /** Seconds after one data export begins before the same person may begin another (docs/api.md#rate-limits). */
    EXPORT_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'is required with DATABASE_URL (every instance must share it)',
      })
    }
    if (env.S3_BUCKET && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
      for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required with S3_BUCKET' })
      }
    }
    if (env.AUTH_RATE_LIMIT_SCALE !== 1 && env.NODE_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['AUTH_RATE_LIMIT_SCALE'], message: 'is a test-only setting' })
    }
  })

export type Env = z.infer<typeof envSchema> & { originIsDefault: boolean; appOrigin: string }

export class EnvError extends Error {}

export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file)
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = result.data
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    originIsDefault: env.APP_ORIGIN === undefined,
    appOrigin: (env.APP_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  }
}
