import { randomInt } from 'node:crypto'

/**
 * The letters of a backup code: lower case, without those read or typed as others (i, l, o and
 * the digits 0 and 1). Codes are compared exactly; one written in one case needs no thought about
 * capitals, and a phone that capitalises the first letter is told not to (the login's field).
 */
const LETTERS = 'abcdefghjkmnpqrstuvwxyz23456789'
const HALF = 5

const half = () => Array.from({ length: HALF }, () => LETTERS[randomInt(LETTERS.length)]).join('')

/** Ten one-time codes such as `k7mzq-3hwpa`: about 50 bits each, from the system's secure random. */
export function generateBackupCodes(amount = 10): string[] {
  const codes = new Set<string>()
  while (codes.size < amount) codes.add(`${half()}-${half()}`)
  return [...codes]
}
