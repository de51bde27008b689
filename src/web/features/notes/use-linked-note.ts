import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'

/** How many older pages the Notes section loads, at most, looking for a linked note. */
const PAGES_SEARCHED = 10

/**
 * The note the address names (`#note-…`, `noteAnchor`; from a session's "Read the session note"), brought into
 * view once it is loaded and focused: older pages are loaded until it is found. Its `<article>`
 * carries the anchor's heading and `tabIndex={-1}`.
 */
export function useLinkedNote(notes: UseInfiniteQueryResult<InfiniteData<unknown>>, loaded: number) {
  const hash = useLocation({ select: (location) => location.hash })
  const wanted = hash.startsWith('note-') ? hash : null
  const revealed = useRef<string | null>(null)
  const pages = notes.data?.pages.length ?? 0
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = notes
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page of notes (loaded) is the trigger
  useEffect(() => {
    if (!wanted || revealed.current === wanted || pages === 0) return
    const article = document.getElementById(wanted)?.closest('article')
    if (article) {
      revealed.current = wanted
      article.scrollIntoView({ block: 'start' })
      article.focus({ preventScroll: true })
    } else if (hasNextPage && !isFetchingNextPage && pages < PAGES_SEARCHED) {
      void fetchNextPage()
    }
  }, [wanted, pages, loaded, hasNextPage, isFetchingNextPage, fetchNextPage])
}
