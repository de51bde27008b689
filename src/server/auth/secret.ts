import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** AUTH_SECRET, or one generated once into DATA_DIR for the embedded database (docs/operations.md, Configuration). */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured
  const file = path.join(dataDir, 'auth-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
  return secret
}
