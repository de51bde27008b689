/** Runs `task` when the browser is idle (at the latest after a few seconds); the cleanup cancels it. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 5000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task, 2000)
  return () => clearTimeout(id)
}
