import { Link } from '@tanstack/react-router'
import { type ReactNode, useLayoutEffect, useRef } from 'react'
import type { RecordSection, RecordSectionId } from '../../../lib/record-sections'

const linkClass =
  'inline-flex min-h-11 shrink-0 items-center border-b-[3px] border-transparent px-3 pt-[3px] font-semibold whitespace-nowrap text-ink-muted no-underline hover:text-ink aria-[current=page]:border-primary aria-[current=page]:text-primary'

/**
 * The record's sections as links styled as tabs, above the chosen section. The bar sticks under
 * the phone's top bar (at the top on desktop) and scrolls sideways within itself when the
 * sections do not fit, so the page never does. A tap keeps the page where it is, unless the bar
 * is already stuck: then the new section starts right under it.
 */
export function RecordSectionBar({
  sections,
  current,
  children,
}: {
  sections: RecordSection[]
  current: RecordSectionId
  children: ReactNode
}) {
  const start = useRef<HTMLDivElement>(null)
  const bar = useRef<HTMLElement>(null)
  // The current link in view within the bar (a section far right opened by its address).
  // biome-ignore lint/correctness/useExhaustiveDependencies: current is the trigger
  useLayoutEffect(() => {
    const nav = bar.current
    const link = nav?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!nav || !link) return
    const right = link.offsetLeft + link.offsetWidth
    if (link.offsetLeft < nav.scrollLeft || right > nav.scrollLeft + nav.clientWidth) {
      nav.scrollLeft = Math.max(0, right - nav.clientWidth + 16)
    }
  }, [current])
  const toSectionStart = () => {
    const top = start.current?.getBoundingClientRect().top ?? 0
    const stuckAt = bar.current ? Number.parseFloat(getComputedStyle(bar.current).top) || 0 : 0
    if (top < stuckAt) requestAnimationFrame(() => start.current?.scrollIntoView({ block: 'start' }))
  }
  return (
    <div className="flex flex-col">
      <div ref={start} className="scroll-mt-[3.5625rem] lg:scroll-mt-0" />
      <nav
        ref={bar}
        aria-label="Record sections"
        className="sticky top-[3.5625rem] z-20 -mx-4 mb-4 overflow-x-auto border-b border-line bg-surface-warm/95 px-4 backdrop-blur-sm sm:-mx-8 sm:px-8 lg:top-0"
      >
        <ul className="flex gap-1">
          {sections.map((section) => (
            <li key={section.id} className="shrink-0">
              <Link
                to="."
                search={{ section: section.id }}
                resetScroll={false}
                className={linkClass}
                aria-current={section.id === current ? 'page' : undefined}
                onClick={toSectionStart}
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  )
}
