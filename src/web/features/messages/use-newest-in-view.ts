import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'

/** Within this many pixels of the foot, the reader counts as being at the newest message. */
const AT_FOOT_PX = 48

interface Ends {
  /** The box is on screen with its content (the messages have loaded). */
  ready: boolean
  oldest: string | undefined
  newest: string | undefined
  /** The newest message is the viewer's own (just sent): always brought into view. */
  newestIsMine: boolean
}

const smoothUnlessReduced = (): ScrollBehavior =>
  window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'

/**
 * Keeps a conversation's scroll box at its newest message: it opens at the foot, and a new
 * message scrolls into view while the reader is at the foot (or wrote it). A reader who has
 * scrolled up to older messages is left where they are; `unseen` says a new one arrived below,
 * for a "New messages" button whose `jump` goes there. Earlier messages loaded above keep the
 * view where it was. The box holds a single element, its content, whose growth after it is drawn
 * (a message's Markdown, an edit box) keeps a reader at the foot there. The glide down is
 * smooth, and instant under `prefers-reduced-motion`.
 */
export function useNewestInView(
  box: RefObject<HTMLElement | null>,
  { ready, oldest, newest, newestIsMine }: Ends,
) {
  const [unseen, setUnseen] = useState(false)
  // The distance to the foot as last seen, read before each change of the list.
  const fromFoot = useRef(0)
  // Gliding down to the foot: the scroll events on the way do not count as reading older ones.
  const gliding = useRef(false)
  const lastTop = useRef(0)
  const seen = useRef({ oldest, newest })

  const measure = useCallback(() => {
    const element = box.current
    if (!element) return
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight
    // Moving up while gliding: the reader took over (where `scrollend` is not told).
    const up = element.scrollTop < lastTop.current
    lastTop.current = element.scrollTop
    if (gliding.current && distance > 1 && !up) return
    gliding.current = false
    fromFoot.current = distance
    if (distance <= AT_FOOT_PX) setUnseen(false)
  }, [box])

  const glide = useCallback(() => {
    const element = box.current
    if (!element) return
    gliding.current = true
    fromFoot.current = 0
    element.scrollTo({ top: element.scrollHeight, behavior: smoothUnlessReduced() })
  }, [box])

  const jump = useCallback(() => {
    glide()
    setUnseen(false)
  }, [glide])

  useLayoutEffect(() => {
    const element = box.current
    const before = seen.current
    seen.current = { oldest, newest }
    if (!element || newest === undefined) return
    if (before.newest === undefined) {
      // Opened (or its first message): at the newest at once.
      element.scrollTop = element.scrollHeight
      measure()
    } else if (newest !== before.newest) {
      if (newestIsMine || fromFoot.current <= AT_FOOT_PX) glide()
      else setUnseen(true)
    } else if (oldest !== before.oldest) {
      // Earlier messages went in above: the same message stays under the reader's eyes.
      element.scrollTop = element.scrollHeight - element.clientHeight - fromFoot.current
      measure()
    }
  }, [box, oldest, newest, newestIsMine, measure, glide])

  useEffect(() => {
    const element = box.current
    const content = element?.firstElementChild
    if (!ready || !element || !content) return
    const observer = new ResizeObserver(() => {
      if (fromFoot.current > AT_FOOT_PX) return
      if (gliding.current) glide()
      else element.scrollTop = element.scrollHeight
    })
    observer.observe(content)
    // A glide the reader stopped (a wheel, a key) ends where they left it.
    const ended = () => {
      gliding.current = false
      measure()
    }
    element.addEventListener('scrollend', ended)
    return () => {
      observer.disconnect()
      element.removeEventListener('scrollend', ended)
    }
  }, [ready, box, measure, glide])

  /** `unseen`: a new message is below the view; `jump` goes to it; `onScroll` for the box. */
  return { unseen, jump, onScroll: measure }
}
