import { fieldError } from '../problems'

/**
 * The common-password list of zxcvbn-ts (about 49,000 passwords seen in breaches, most common
 * first), as NIST SP 800-63B asks: no composition rules, but no password that attackers try first.
 * Compared without case, since a list entry with a capital letter is no harder to guess.
 *
 * Loaded on first use, not at start: the package decompresses the list when it is imported.
 */
let common: Promise<Set<string>> | undefined
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((password) => password.toLowerCase())),
  )
  return common
}

export const COMMON_PASSWORD_MESSAGE = 'This password is on a list of common passwords. Choose another.'

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase())
}

/** 400 naming the field when the new password is a common one. */
export async function refuseCommonPassword(field: string, password: unknown): Promise<void> {
  if (typeof password === 'string' && (await isCommonPassword(password))) {
    throw fieldError(field, COMMON_PASSWORD_MESSAGE)
  }
}

/** How many passwords the list holds (the docs and tests quote it). */
export async function commonPasswordCount(): Promise<number> {
  return (await commonPasswords()).size
}
