import { request as httpRequest, type IncomingMessage } from 'node:http'

export interface StreamEvent {
  id?: string
  event: string
  data: string
}

/**
 * A server-sent events stream read over a real connection, as a browser's EventSource reads it:
 * `next(n)` waits (up to `timeoutMs`) until n events have arrived and answers them all.
 */
export async function openEventStream(
  url: string,
  headers: Record<string, string>,
): Promise<{
  status: number
  headers: IncomingMessage['headers']
  events: StreamEvent[]
  next(count: number, timeoutMs?: number): Promise<StreamEvent[]>
  ended: Promise<void>
  close(): void
}> {
  const events: StreamEvent[] = []
  const waiters: Array<() => void> = []
  let buffer = ''
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = httpRequest(url, { headers: { accept: 'text/event-stream', ...headers } }, resolve)
    request.on('error', reject)
    request.end()
  })
  response.setEncoding('utf8')
  response.on('data', (chunk: string) => {
    buffer += chunk
    let end = buffer.indexOf('\n\n')
    while (end >= 0) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const event: StreamEvent = { event: 'message', data: '' }
      let isEvent = false
      for (const line of block.split('\n')) {
        const [field, ...rest] = line.split(': ')
        const value = rest.join(': ')
        if (field === 'id') event.id = value
        if (field === 'event') event.event = value
        if (field === 'data') {
          event.data = value
          isEvent = true
        }
      }
      if (isEvent) events.push(event)
      end = buffer.indexOf('\n\n')
    }
    for (const wake of waiters.splice(0)) wake()
  })
  const ended = new Promise<void>((resolve) => {
    response.on('end', resolve)
    response.on('close', resolve)
  })
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    events,
    async next(count, timeoutMs = 2_000) {
      const deadline = Date.now() + timeoutMs
      while (events.length < count) {
        if (Date.now() > deadline)
          throw new Error(`${events.length} of ${count} events within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 100)
        })
      }
      return events.slice(0, count)
    },
    ended,
    close: () => response.destroy(),
  }
}
