import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** What global setup hands the tests' workers (through a file named by this variable). */
export const STATE_ENV = 'CRESTLINE_E2E_STATE'

export const ADMIN_EMAIL = 'admin@crestline.test'
export const ADMIN_NAME = 'Avery Admin'
const INITIAL_ADMIN_PASSWORD = 'correct horse battery'

export interface E2EState {
  baseURL: string
  /** The CLI's admin invite link. */
  inviteUrl: string
  /** GET: every mail the SMTP sink received, as JSON `[{ to, text }]`. */
  mailboxUrl: string
  stateDir: string
}

export function e2eState(): E2EState {
  const file = process.env[STATE_ENV]
  if (!file) throw new Error(`${STATE_ENV} is not set: run the tests through playwright.config.ts`)
  return JSON.parse(readFileSync(file, 'utf8')) as E2EState
}

const passwordFile = () => path.join(e2eState().stateDir, 'admin-password.txt')

/** The admin's current password: the password-reset test changes it. */
export function adminPassword(): string {
  return existsSync(passwordFile()) ? readFileSync(passwordFile(), 'utf8') : INITIAL_ADMIN_PASSWORD
}

export function setAdminPassword(password: string): void {
  writeFileSync(passwordFile(), password)
}
