import { Agent, type ClientRequest, request } from 'node:http'

/**
 * Opens `count` server-sent event streams on `base`, spread over the paths given, each on its own
 * connection as each browser tab holds one, and waits until every one has answered 200. Returns
 * their end.
 */
export async function openStreams(
  base: string,
  paths: string[],
  cookie: string,
  count: number,
): Promise<() => void> {
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY })
  const open: ClientRequest[] = []
  const one = (path: string) =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        `${base}${path}`,
        { agent, headers: { cookie, accept: 'text/event-stream' } },
        (res) => {
          if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode}`))
          res.on('data', () => {})
          resolve()
        },
      )
      req.on('error', reject)
      req.end()
      open.push(req)
    })
  // In groups, as people arrive: the server's accept queue is not the thing measured.
  for (let i = 0; i < count; i += 50)
    await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, (_, k) => one(paths[(i + k) % paths.length]!)),
    )
  return () => {
    for (const req of open) req.destroy()
    agent.destroy()
  }
}
