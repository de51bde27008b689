import { createServer } from 'node:net'

/** A free TCP port on 127.0.0.1, for a server a script starts (lighthouse, screenshots). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/**
 * Waits until `origin/api/health` answers, the server process exits, or `timeoutMs` passes (the
 * last two throw with `what` in the message).
 */
export async function waitForHealth(origin, server, timeoutMs, what = 'The server') {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`${what} did not start`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
