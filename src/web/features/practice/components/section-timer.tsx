import { useEffect, useState } from 'react'
import { clockWords } from '../practice-words'

const storageKey = (attemptUuid: string, section: string) => `practice-timer:${attemptUuid}:${section}`

function readStart(key: string): number | null {
  try {
    const stored = Number(localStorage.getItem(key))
    return Number.isFinite(stored) && stored > 0 ? stored : null
  } catch {
    return null
  }
}

export interface SectionClock {
  /** The time left in milliseconds (at or below zero once it ran out); null until started. */
  left: number | null
  start: () => void
  stop: () => void
}

/**
 * A section's official time, kept per attempt and section in the browser, so a reload keeps
 * counting; each section's clock runs on while another is open, as a test's would.
 */
export function useSectionClock(attemptUuid: string, section: string, minutes: number): SectionClock {
  const key = storageKey(attemptUuid, section)
  // Read from storage after the first render (the server has none), and again for each section:
  // until then, the section shown has no start rather than the last one's.
  const [kept, setKept] = useState<{ key: string; at: number | null }>({ key: '', at: null })
  const startedAt = kept.key === key ? kept.at : null
  const setStartedAt = (at: number | null) => setKept({ key, at })
  const [now, setNow] = useState(0)
  useEffect(() => {
    setKept({ key, at: readStart(key) })
    setNow(Date.now())
  }, [key])
  useEffect(() => {
    if (startedAt === null) return
    const tick = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(tick)
  }, [startedAt])
  return {
    left: startedAt === null ? null : startedAt + minutes * 60_000 - now,
    start: () => {
      const at = Date.now()
      try {
        localStorage.setItem(key, String(at))
      } catch {
        // Without storage the timer still runs while the page is open.
      }
      setStartedAt(at)
      setNow(at)
    },
    stop: () => {
      try {
        localStorage.removeItem(key)
      } catch {
        // Nothing was kept.
      }
      setStartedAt(null)
    },
  }
}

/** The time left in words: "12:34 left", or that it is up (answering goes on). */
export const clockLeftWords = (left: number) =>
  left <= 0 ? 'Time is up: you may keep answering' : `${clockWords(left)} left`

/**
 * The section's official time, on request: "Start timer", then the time left. It only informs;
 * answering goes on after it runs out.
 */
export function SectionTimer({
  clock,
  label,
  minutes,
}: {
  clock: SectionClock
  label: string
  minutes: number
}) {
  if (clock.left === null) {
    return (
      <button type="button" className="btn btn-secondary btn-small" onClick={clock.start}>
        Start timer ({minutes} min)
      </button>
    )
  }
  const { left } = clock
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p
        role="timer"
        aria-label={`Time left for ${label}`}
        className={`rounded-lg px-3 py-1.5 font-semibold tabular-nums ${
          left <= 0 ? 'bg-warning-soft text-warning' : 'bg-surface-sunken text-ink'
        }`}
      >
        {clockLeftWords(left)}
      </p>
      <button type="button" className="btn btn-quiet btn-small" onClick={clock.stop}>
        Stop timer
      </button>
    </div>
  )
}
