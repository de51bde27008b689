import { lazy, Suspense } from 'react'
import { Skeleton } from './skeleton'

// markdown-it is loaded only where notes are shown (ADR 023): other pages do not pay for it.
const MarkdownHtml = lazy(() => import('./markdown-view-impl'))

/** Prose for text people type: spacing, lists, quotes and code; links underlined (never colour alone). */
const PROSE = [
  'min-w-0 break-words text-ink leading-relaxed',
  '[&>*+*]:mt-3 [&_li+li]:mt-1',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_a]:underline [&_a]:underline-offset-2 [&_a]:[overflow-wrap:anywhere]',
  '[&_strong]:font-semibold [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold',
  '[&_h3]:font-semibold [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-line-strong [&_blockquote]:pl-3 [&_blockquote]:text-ink-muted',
  '[&_code]:rounded [&_code]:bg-surface-sunken [&_code]:px-1 [&_code]:text-[0.9em]',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-surface-sunken [&_pre]:p-3 [&_pre_code]:p-0',
  '[&_hr]:border-line',
].join(' ')

/**
 * Markdown people typed (session notes), rendered safely: see `markdown-view-impl.tsx`, the one
 * component that inserts HTML. `className` adds to the prose styles (a line clamp, a size).
 */
export function MarkdownView({ source, className = '' }: { source: string; className?: string }) {
  return (
    <Suspense
      fallback={
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">Loading the note…</span>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      }
    >
      <MarkdownHtml source={source} className={`${PROSE} ${className}`} />
    </Suspense>
  )
}
