import type { CSSProperties } from 'react'

export function Skeleton({ className = '', style }: { className?: string; style?: CSSProperties }) {
  return <div className={`skeleton ${className}`} style={style} aria-hidden="true" />
}

/** A page-shaped placeholder while a route loads: never a blank page (docs/product.md#look-and-accessibility). */
export function PageSkeleton() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4 py-2">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-9 w-64 max-w-full" />
      <Skeleton className="h-5 w-96 max-w-full" />
      <Skeleton className="mt-4 h-32 w-full" />
    </div>
  )
}

/** A list's placeholder while it loads: announced once as `label`, one bar per class in `rows`. */
export function ListSkeleton({ label, rows }: { label: string; rows: string[] }) {
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">{label}</span>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder bars that never reorder
        <Skeleton key={index} className={row} />
      ))}
    </div>
  )
}
