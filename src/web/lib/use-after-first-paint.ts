import { useEffect, useState } from 'react'

let painted = false

/**
 * False until the browser has painted the page once and is idle, then true (for good: later
 * screens need not wait). For heavy parts of a first screen (a chart's library) that should not
 * hold back the text around them.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(painted)
  useEffect(() => {
    if (ready) return
    const done = () => {
      painted = true
      setReady(true)
    }
    // A frame, then the next idle moment (a timer where requestIdleCallback is missing: Safari).
    let idle: number | undefined
    const frame = requestAnimationFrame(() => {
      idle =
        typeof requestIdleCallback === 'function'
          ? requestIdleCallback(done, { timeout: 1000 })
          : window.setTimeout(done, 50)
    })
    return () => {
      cancelAnimationFrame(frame)
      if (idle === undefined) return
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle)
      else window.clearTimeout(idle)
    }
  }, [ready])
  return ready
}
