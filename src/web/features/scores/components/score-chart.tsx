import { lazy, Suspense } from 'react'
import { Skeleton } from '../../../components/ui/skeleton'
import type { AnyScore, TestInfo } from '../score-tests'

// The chart library is loaded only when a chart is shown (ADR 020): other pages do not pay for it.
const ScoreChartImpl = lazy(() => import('./score-chart-impl'))

export const CHART_HEIGHT = 260

/**
 * A line per section plus the total, over time. The table beside it holds every value, so the
 * picture is never the only way to read a number (docs/product.md#look-and-accessibility).
 */
export function ScoreChart({
  test,
  scores,
  target,
}: {
  test: TestInfo
  scores: AnyScore[]
  target: number | null
}) {
  return (
    <figure aria-label={`${test.name} score chart`} className="m-0 flex flex-col gap-2">
      <Suspense fallback={<Skeleton className="w-full" style={{ height: CHART_HEIGHT }} />}>
        <ScoreChartImpl test={test} scores={scores} target={target} height={CHART_HEIGHT} />
      </Suspense>
      <figcaption className="text-sm text-ink-muted">
        {test.name} scores over time; the table below lists every value. <span aria-hidden="true">●</span>{' '}
        official test, <span aria-hidden="true">□</span> practice or diagnostic test
        {target == null ? '' : `, dashed red line: target ${target}`}.
      </figcaption>
    </figure>
  )
}
