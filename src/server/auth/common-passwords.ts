import { dictionary } from '@zxcvbn-ts/language-common'
import { fieldError } from '../problems'

/**
 * The common-password list of zxcvbn-ts (about 49,000 passwords seen in breaches, most common
 * first), as NIST SP 800-63B asks: no composition rules, but no password that attackers try first.
 * Compared without case, since a list entry with a capital letter is no harder to guess.
 */
const COMMON = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()))

export const COMMON_PASSWORD_MESSAGE = 'This password is on a list of common passwords. Choose another.'

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase())
}

/** 400 naming the field when the new password is a common one. */
export function refuseCommonPassword(field: string, password: unknown): void {
  if (typeof password === 'string' && isCommonPassword(password)) {
    throw fieldError(field, COMMON_PASSWORD_MESSAGE)
  }
}

/** How many passwords the list holds (the docs and tests quote it). */
export const COMMON_PASSWORD_COUNT = COMMON.size
