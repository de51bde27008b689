/**
 * Student-produced responses (SAT Math) as the SAT reads them (docs/product.md#practice-tests):
 * a number typed as an integer, a decimal or a fraction, with a leading minus for a negative one,
 * in at most 5 characters (6 with the minus). No mixed numbers: "3 1/2" is not an answer (type
 * 7/2 or 3.5). Equal numbers are the same answer (`3/4`, `.75`, `0.75`, `6/8`); a value too long
 * for the space (2/3) is also given by a decimal that fills the space, its last digit rounded or
 * cut (`.6666`, `.6667`, `0.666`, `0.667`, not `.67`).
 */
export const SPR_MAX_CHARS = 5
const SPR_PATTERN = /^-?(?:\d+(?:\.\d*)?|\.\d+|\d+\/\d+)$/

/** An exact number: numerator over a positive denominator. */
interface Rational {
  n: bigint
  d: bigint
}

/** The number a response or key value stands for, or null when it is not one. */
export function parseSpr(text: string): Rational | null {
  const value = text.trim()
  if (!SPR_PATTERN.test(value)) return null
  const negative = value.startsWith('-')
  const body = negative ? value.slice(1) : value
  let rational: Rational
  if (body.includes('/')) {
    const [top, bottom] = body.split('/') as [string, string]
    if (BigInt(bottom) === 0n) return null
    rational = { n: BigInt(top), d: BigInt(bottom) }
  } else {
    const [whole, fraction = ''] = body.split('.') as [string, string?]
    rational = { n: BigInt((whole || '0') + fraction), d: 10n ** BigInt(fraction.length) }
  }
  return negative ? { n: -rational.n, d: rational.d } : rational
}

/** Why a typed response is not one the answer sheet takes, or null when it is. */
export function sprProblem(text: string): string | null {
  const value = text.trim()
  const limit = value.startsWith('-') ? SPR_MAX_CHARS + 1 : SPR_MAX_CHARS
  if (parseSpr(value) === null) {
    // A mixed number is not accepted on the SAT: say how to type it.
    const mixed = /^(-?)(\d+)\s+(\d+)\/(\d+)$/.exec(value)
    if (mixed && Number(mixed[4]) > 0) {
      const [, sign, whole, numerator, denominator] = mixed
      const improper = Number(whole) * Number(denominator) + Number(numerator)
      return `Type a mixed number as a fraction: ${sign}${improper}/${denominator} for ${value}.`
    }
    if (/^-?\d*,\d+$/.test(value)) return 'Use "." for a decimal point, not ",".'
    return 'Type a number: digits with one "." or "/", and a "-" in front for a negative one.'
  }
  if (value.length > limit)
    return `Use at most ${SPR_MAX_CHARS} characters (${SPR_MAX_CHARS + 1} with a "-").`
  return null
}

const equal = (a: Rational, b: Rational) => a.n * b.d === b.n * a.d

/** `value` cut (or rounded half up, by its size) to `places` decimals. */
function toPlaces(value: Rational, places: number, round: boolean): Rational {
  const scale = 10n ** BigInt(places)
  const negative = value.n < 0n
  const magnitude = negative ? -value.n : value.n
  let scaled = (magnitude * scale) / value.d
  if (round && ((magnitude * scale) % value.d) * 2n >= value.d) scaled += 1n
  return { n: negative ? -scaled : scaled, d: scale }
}

/**
 * Whether a typed response gives an accepted value: the same number, or a decimal that fills the
 * space with the value cut or rounded at its last digit.
 */
export function sprMatches(response: string, accepted: string): boolean {
  const given = parseSpr(response)
  const value = parseSpr(accepted)
  if (!given || !value) return false
  if (equal(given, value)) return true
  const typed = response.trim()
  const fillsSpace = typed.length === (typed.startsWith('-') ? SPR_MAX_CHARS + 1 : SPR_MAX_CHARS)
  if (!typed.includes('.') || !fillsSpace) return false
  if (given.n < 0n !== value.n < 0n) return false
  const places = typed.length - typed.indexOf('.') - 1
  return equal(given, toPlaces(value, places, false)) || equal(given, toPlaces(value, places, true))
}

/** Whether an answer is right: a letter among the key's, or a response matching one accepted value. */
export function answerIsRight(kind: 'choice' | 'spr', key: readonly string[], given: string): boolean {
  if (kind === 'choice') return key.includes(given.trim().toUpperCase())
  return key.some((accepted) => sprMatches(given, accepted))
}
