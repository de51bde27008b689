import { setImmediate } from 'node:timers/promises'
/**
 * JSON written piece by piece, byte for byte what `JSON.stringify(value, null, 2)` would write of
 * the whole: an export never holds its whole document (docs/product.md#data-rights). A value is
 * either plain (written at once) or one of the two lazy shapes below, whose parts are loaded only
 * when the writer reaches them.
 */
export class StreamedObject {
  constructor(readonly entries: () => AsyncIterable<[string, unknown]>) {}
}
export class StreamedArray {
  constructor(readonly items: () => AsyncIterable<unknown>) {}
}

const pad = (depth: number) => '  '.repeat(depth)

/** A plain value, indented to sit at `depth` (JSON strings never hold a raw newline). */
const plain = (value: unknown, depth: number) =>
  (JSON.stringify(value, null, 2) ?? 'null').replace(/\n/g, `\n${pad(depth)}`)

export async function* jsonPieces(value: unknown, depth = 0): AsyncGenerator<string> {
  if (value instanceof StreamedObject) {
    let first = true
    yield '{'
    for await (const [key, entry] of value.entries()) {
      if (entry === undefined || typeof entry === 'function') continue
      yield `${first ? '\n' : ',\n'}${pad(depth + 1)}${JSON.stringify(key)}: `
      yield* jsonPieces(entry, depth + 1)
      first = false
    }
    yield first ? '}' : `\n${pad(depth)}}`
  } else if (value instanceof StreamedArray) {
    let first = true
    yield '['
    for await (const item of value.items()) {
      yield `${first ? '\n' : ',\n'}${pad(depth + 1)}`
      yield* jsonPieces(item === undefined || typeof item === 'function' ? null : item, depth + 1)
      first = false
    }
    yield first ? ']' : `\n${pad(depth)}]`
  } else {
    yield plain(value, depth)
  }
}

/** Pieces gathered into chunks of about `size` characters, so the socket is not written a word at a time. */
export async function* inChunks(pieces: AsyncIterable<string>, size = 16 * 1024): AsyncGenerator<string> {
  let buffered = ''
  for await (const piece of pieces) {
    buffered += piece
    if (buffered.length >= size) {
      yield buffered
      buffered = ''
      // Back to the event loop between chunks: the embedded database's queries run on it, and an
      // export's reads chained one after another would keep every other request waiting.
      await setImmediate()
    }
  }
  if (buffered) yield buffered
}
