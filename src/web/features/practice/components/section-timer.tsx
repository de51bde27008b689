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

interface SectionTimerProps {
  attemptUuid: string
  section: string
  label: string
  minutes: number
}

/**
 * The section's official time, on request: "Start timer", then the time left. It only informs;
 * answering goes on after it runs out. The start is kept in the browser, so a reload keeps counting.
 */
export function SectionTimer({ attemptUuid, section, label, minutes }: SectionTimerProps) {
  const key = storageKey(attemptUuid, section)
  const [startedAt, setStartedAt] = useState<number | null>(null)
  const [now, setNow] = useState(0)
  useEffect(() => {
    setStartedAt(readStart(key))
    setNow(Date.now())
  }, [key])
  useEffect(() => {
    if (startedAt === null) return
    const tick = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(tick)
  }, [startedAt])

  const start = () => {
    const at = Date.now()
    try {
      localStorage.setItem(key, String(at))
    } catch {
      // Without storage the timer still runs while the page is open.
    }
    setStartedAt(at)
    setNow(at)
  }
  const stop = () => {
    try {
      localStorage.removeItem(key)
    } catch {
      // Nothing was kept.
    }
    setStartedAt(null)
  }

  if (startedAt === null) {
    return (
      <button type="button" className="btn btn-secondary btn-small" onClick={start}>
        Start timer ({minutes} min)
      </button>
    )
  }
  const left = startedAt + minutes * 60_000 - now
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p
        role="timer"
        aria-label={`Time left for ${label}`}
        className={`rounded-lg px-3 py-1.5 font-semibold tabular-nums ${
          left <= 0 ? 'bg-warning-soft text-warning' : 'bg-surface-sunken text-ink'
        }`}
      >
        {left <= 0 ? 'Time is up: you may keep answering' : `${clockWords(left)} left`}
      </p>
      <button type="button" className="btn btn-quiet btn-small" onClick={stop}>
        Stop timer
      </button>
    </div>
  )
}
