import { describe, expect, it } from 'vitest'
import { jsonPieces, StreamedArray, StreamedObject } from '../../src/server/modules/data-rights/json-stream'

async function written(value: unknown): Promise<string> {
  let out = ''
  for await (const piece of jsonPieces(value)) out += piece
  return out
}

async function* each<T>(items: T[]): AsyncGenerator<T> {
  yield* items
}

describe('JSON written piece by piece', () => {
  it('writes what JSON.stringify(value, null, 2) writes of the whole, nested and empty parts too', async () => {
    const whole = {
      kind: 'x',
      none: undefined,
      nested: { list: [1, { a: 'line\nbreak "quoted"' }], empty: {}, nothing: [] },
      rows: [{ b: null }, { c: [true, false] }],
      noRows: [],
      inner: { deep: [{ e: 'é' }] },
    }
    const streamed = new StreamedObject(() =>
      each<[string, unknown]>([
        ['kind', 'x'],
        ['none', undefined],
        ['nested', whole.nested],
        ['rows', new StreamedArray(() => each(whole.rows))],
        ['noRows', new StreamedArray(() => each([]))],
        [
          'inner',
          new StreamedObject(() =>
            each<[string, unknown]>([['deep', new StreamedArray(() => each([{ e: 'é' }]))]]),
          ),
        ],
      ]),
    )
    expect(await written(streamed)).toBe(JSON.stringify(whole, null, 2))
    expect(await written(new StreamedObject(() => each([])))).toBe('{}')
  })
})
