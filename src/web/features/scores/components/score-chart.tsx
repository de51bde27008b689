import { lazy, Suspense } from 'react'
import { Skeleton } from '../../../components/ui/skeleton'
import { useAfterFirstPaint } from '../../../lib/use-after-first-paint'
import type { AnyScore, TestInfo } from '../score-tests'

// The chart library is loaded only when a chart is shown (ADR 048): other pages do not pay for it.
// It is asked for once the page around it has painted, so the record's text never waits for it.
const ScoreChartImpl = lazy(() => import('./score-chart-impl'))

/** Each small chart's plot height; the skeleton holds the same room so nothing shifts. */
export const CHART_HEIGHT = 200
/** The heading line above each plot. */
const LABEL_HEIGHT = 24

/**
 * Two small charts over time: the total (with the target line) on its own scale, and a line per
 * section on theirs, so no series lands among another's points. The table beside it holds every value, so the
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
  const painted = useAfterFirstPaint()
  const skeleton = (
    <div className="grid gap-4 md:grid-cols-2">
      <Skeleton className="w-full" style={{ height: CHART_HEIGHT + LABEL_HEIGHT }} />
      <Skeleton className="w-full" style={{ height: CHART_HEIGHT + LABEL_HEIGHT }} />
    </div>
  )
  return (
    <figure aria-label={`${test.name} score chart`} className="m-0 flex flex-col gap-2">
      {painted ? (
        <Suspense fallback={skeleton}>
          <ScoreChartImpl test={test} scores={scores} target={target} height={CHART_HEIGHT} />
        </Suspense>
      ) : (
        skeleton
      )}
      <figcaption className="text-sm text-ink-muted">
        {test.name} {test.cumulativeLabel.toLowerCase()} and section scores over time, each on its own scale;
        the table below lists every value. <span aria-hidden="true">●</span> official test,{' '}
        <span aria-hidden="true">□</span> practice or diagnostic test
        {target == null ? '' : `, dashed red line: target ${target}`}.
      </figcaption>
    </figure>
  )
}
