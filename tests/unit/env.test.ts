import { describe, expect, it } from 'vitest'
import { trustedOrigins } from '../../src/server/auth/trusted-origins'
import { EnvError, parseEnv } from '../../src/server/env'

describe('configuration', () => {
  it('has working defaults', () => {
    const env = parseEnv({})
    expect(env.PORT).toBe(3000)
    expect(env.appOrigin).toBe('http://localhost:3000')
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('stops on a bad value, naming the variable', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(EnvError)
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => parseEnv({ DATABASE_URL: 'postgres://db/app' })).toThrow(/AUTH_SECRET/)
    expect(() => parseEnv({ AUTH_RATE_LIMIT_SCALE: '100' })).toThrow(/AUTH_RATE_LIMIT_SCALE/)
  })

  it('keeps files under DATA_DIR unless S3_BUCKET is set, which needs both keys', () => {
    expect(parseEnv({}).S3_BUCKET).toBeUndefined()
    expect(() => parseEnv({ S3_BUCKET: 'docs' })).toThrow(/S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/)
    expect(() => parseEnv({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/)
    expect(() => parseEnv({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/)
    const env = parseEnv({ S3_BUCKET: 'docs', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' })
    expect([env.S3_BUCKET, env.S3_REGION, env.S3_FORCE_PATH_STYLE]).toEqual(['docs', 'us-east-1', 'false'])
  })

  it('trusts localhost, 127.0.0.1 and [::1] on the port only while APP_ORIGIN is unset', () => {
    expect(trustedOrigins(parseEnv({ PORT: '4000' }))).toEqual(
      expect.arrayContaining(['http://localhost:4000', 'http://127.0.0.1:4000', 'http://[::1]:4000']),
    )
    expect(trustedOrigins(parseEnv({ APP_ORIGIN: 'https://app.crestlineprep.com' }))).toEqual([
      'https://app.crestlineprep.com',
    ])
  })
})

describe('TRUST_PROXY', () => {
  it("reads 'true', a hop count, or an address list", async () => {
    const { trustProxySetting } = await import('../../src/server/app')
    expect(trustProxySetting(undefined)).toBe(false)
    expect(trustProxySetting('true')).toBe(true)
    const twoHops = trustProxySetting('2') as (address: string, hop: number) => boolean
    expect([twoHops('10.0.0.1', 0), twoHops('10.0.0.1', 1), twoHops('10.0.0.1', 2)]).toEqual([
      true,
      true,
      false,
    ])
    expect(trustProxySetting('10.0.0.0/8,127.0.0.1')).toBe('10.0.0.0/8,127.0.0.1')
    // The first import of the whole app takes seconds on a busy 2-core machine.
  }, 30_000)
})
