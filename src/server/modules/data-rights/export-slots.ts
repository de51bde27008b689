/**
 * How many exports one server instance reads and writes at once; the others wait for a slot
 * before reading anything. Each export holds about a page of its record while it writes, so this bounds the
 * memory that many people exporting at once can take (docs/performance.md, change 20), whatever
 * their number: the per-person hold (export-gate.ts) bounds how often each may ask.
 */
export class ExportSlots {
  private running = 0
  private readonly waiting: Array<() => void> = []

  constructor(private readonly size: number) {}

  async take(): Promise<() => void> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else this.running += 1
    let given = false
    return () => {
      if (given) return
      given = true
      const next = this.waiting.shift()
      // A slot handed on stays taken.
      if (next) next()
      else this.running -= 1
    }
  }
}
