import { describe, expect, it } from 'vitest'
import { ExportSlots } from '../../src/server/modules/data-rights/export-slots'

describe('export slots', () => {
  it('lets two run, keeps the third waiting until one gives its slot back, and hands that slot on', async () => {
    const slots = new ExportSlots(2)
    const first = await slots.take()
    const second = await slots.take()
    let thirdStarted = false
    const third = slots.take().then((giveBack) => {
      thirdStarted = true
      return giveBack
    })
    await new Promise((resolve) => setImmediate(resolve))
    expect(thirdStarted).toBe(false)
    first()
    first() // giving back twice frees one slot, not two
    const giveBackThird = await third
    expect(thirdStarted).toBe(true)
    let fourthStarted = false
    const fourth = slots.take().then(() => {
      fourthStarted = true
    })
    await new Promise((resolve) => setImmediate(resolve))
    expect(fourthStarted).toBe(false)
    second()
    await fourth
    giveBackThird()
  })
})

describe('waiting for an export slot', () => {
  it('refuses a request that waited past its limit with 503 and Retry-After, and hands its slot straight on', async () => {
    const slots = new ExportSlots(1, 20)
    const first = await slots.take()
    const refused = await slots.take().catch((error: unknown) => error)
    expect(refused).toMatchObject({ status: 503, code: 'exports-busy', headers: { 'retry-after': '1' } })
    // The slot the refused request was queued for goes to the next one once the first gives it back.
    const next = slots.take()
    first()
    const giveBack = await next
    giveBack()
  })
})
