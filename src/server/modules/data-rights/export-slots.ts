import pLimit, { type LimitFunction } from 'p-limit'

/**
 * How many exports one server instance reads and writes at once; the others wait for a slot
 * before reading anything. Each export holds about a page of its record while it writes, so this
 * bounds the memory that many people exporting at once can take (docs/performance.md, change 20),
 * whatever their number: the per-person hold (export-gate.ts) bounds how often each may ask.
 * p-limit keeps the queue, as it does for password hashes (ADR 040); a slot is held from `take`
 * until the function it gives is called (a second call does nothing).
 */
export class ExportSlots {
  readonly #limit: LimitFunction

  constructor(size: number) {
    this.#limit = pLimit(size)
  }

  take(): Promise<() => void> {
    return new Promise((taken) => {
      void this.#limit(() => new Promise<void>((giveBack) => taken(() => giveBack())))
    })
  }
}
