import { formatPlainDate } from '../../../shared/dates'

/** The pieces the readable export is written with: escaped text, dates and streamed tables. */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
export const text = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!)

export const date = (value: string | null) => (value ? text(formatPlainDate(value)) : '—')
/** "2026-03-01 14:05 UTC": exact, and the same for every reader. */
export const when = (value: string) =>
  text(`${new Date(value).toISOString().slice(0, 16).replace('T', ' ')} UTC`)
export const dollars = (value: number | null) => (value === null ? '—' : `$${value.toLocaleString('en-US')}`)

type Rows = Iterable<string[]> | AsyncIterable<string[]>

export async function* mapEach<T, U>(items: AsyncIterable<T>, map: (item: T) => U): AsyncGenerator<U> {
  for await (const item of items) yield map(item)
}

/**
 * A table whose rows are written as they come; its empty sentence when there are none. Each cell
 * carries its column's name (`data-label`), which a phone shows above it when rows stack as cards.
 */
export async function* table(
  caption: string,
  headers: string[],
  rows: Rows,
  empty: string,
): AsyncGenerator<string> {
  let started = false
  const labels = headers.map(text)
  for await (const cells of rows) {
    if (!started) {
      const head = headers.map((header) => `<th scope="col">${text(header)}</th>`).join('')
      yield `<table><caption>${text(caption)}</caption><thead><tr>${head}</tr></thead><tbody>`
      started = true
    }
    yield `<tr>${cells.map((cell, index) => `<td data-label="${labels[index]}">${cell}</td>`).join('')}</tr>`
  }
  yield started ? '</tbody></table>' : `<h3>${text(caption)}</h3><p class="muted">${text(empty)}</p>`
}
