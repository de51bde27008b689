import pLimit, { type LimitFunction } from 'p-limit'
import { HttpProblem } from '../../problems'

/**
 * How many exports one server instance reads and writes at once; the others wait for a slot
 * before reading anything. Each export holds about a page of its record while it writes, so this
 * bounds the memory that many people exporting at once can take (docs/performance.md, change 20),
 * whatever their number: the per-person hold (export-gate.ts) bounds how often each may ask, and
 * a request waits at most `maxWaitMs` for a slot (then 503 with `Retry-After`). p-limit keeps the
 * queue, as it does for password hashes (ADR 040).
 */
export class ExportSlots {
  readonly #limit: LimitFunction

  constructor(
    size: number,
    private readonly maxWaitMs = 120_000,
  ) {
    this.#limit = pLimit(size)
  }

  /** Waits for a slot; it is held until the function given back is called (a second call does nothing). */
  take(): Promise<() => void> {
    return new Promise((taken, refused) => {
      let gaveUp = false
      const timer = setTimeout(() => {
        gaveUp = true
        refused(exportsBusy(Math.ceil(this.maxWaitMs / 1000)))
      }, this.maxWaitMs)
      void this.#limit(
        () =>
          new Promise<void>((giveBack) => {
            clearTimeout(timer)
            // A request that stopped waiting hands its slot straight on.
            if (gaveUp) giveBack()
            else taken(() => giveBack())
          }),
      )
    })
  }
}

export const exportsBusy = (retryAfterSeconds: number) =>
  new HttpProblem(
    503,
    'exports-busy',
    `Other exports are being written right now. Try again in ${retryAfterSeconds} seconds.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  )
