import { curveMonotoneX, line } from 'd3-shape'
import { formatPlainDate } from '../../../../shared/dates'
import { dayMs } from '../chart-geometry'
import { type AnyScore, SOURCE_LABELS, sectionValue, type TestInfo } from '../score-tests'
import type { PlotSeries, PlotTest } from './plot-parts'
import { ScorePlot } from './score-plot'

/** Section lines in distinct hues and dash patterns (never colour alone); the total bold. */
const SECTION_STYLES = [
  { color: 'var(--color-focus)', dash: undefined },
  { color: '#b45309', dash: '6 3' },
  { color: '#7e22ce', dash: '2 3' },
  { color: 'var(--color-ink-muted)', dash: '8 3 2 3' },
] as const

/**
 * Each test's scales: the sections' and the total's. The SAT's total (400-1600) is twice a
 * section's range, so it gets its own chart; the ACT composite shares the sections' 1-36 but is
 * drawn apart too, so both tests read the same way.
 */
const SCALES = {
  sat: { sections: [200, 400, 600, 800], total: [400, 800, 1200, 1600] },
  act: { sections: [1, 6, 12, 18, 24, 30, 36], total: [1, 6, 12, 18, 24, 30, 36] },
} as const

/** A smooth line through the points that never overshoots them (monotone in x); a gap where a value is missing. */
const path = line<[number, number] | null>()
  .defined((point) => point != null)
  .x((point) => point![0])
  .y((point) => point![1])
  .curve(curveMonotoneX)
const drawLine = (points: ([number, number] | null)[]) => path(points) ?? ''

interface Props {
  test: TestInfo
  scores: AnyScore[]
  target: number | null
  /** Each small chart's plot height. */
  height: number
}

/**
 * The score charts, loaded lazily (ADR 048): the only module that imports d3-shape, for the
 * curve's maths; `ScorePlot` draws the SVG.
 */
export default function ScoreChartImpl({ test, scores, target, height }: Props) {
  const scales = SCALES[test.kind]
  // ISO dates sort as strings; `localeCompare` would set up the browser's collation for nothing.
  const ordered = [...scores].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  const tests: PlotTest[] = ordered.map((score) => ({
    time: dayMs(score.date),
    day: formatPlainDate(score.date),
    official: (score.source ?? 'official') === 'official',
    source: SOURCE_LABELS[score.source ?? 'official'],
  }))
  const total = test.cumulativeLabel
  const totalSeries: PlotSeries = {
    key: 'cumulative',
    name: total,
    color: 'var(--color-primary)',
    width: 3,
    markerSize: 4,
    values: ordered.map((score) => score.cumulative),
  }
  // In the test's order, as the table's columns; an enhanced ACT without Science leaves a gap.
  const sectionSeries: PlotSeries[] = test.sections.map((section, index) => ({
    key: section.key,
    name: section.label,
    color: SECTION_STYLES[index]!.color,
    dash: SECTION_STYLES[index]!.dash,
    width: 2,
    markerSize: 3,
    values: ordered.map((score) => sectionValue(score, section.key) ?? null),
  }))
  const shapes = 'Official tests are filled circles, practice and diagnostic tests hollow squares.'
  const keys = 'Arrow keys move between tests.'
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <ScorePlot
        scale="total"
        label={`${total}, ${scales.total[0]} to ${scales.total.at(-1)}`}
        title={`${test.name} ${total.toLowerCase()} history`}
        desc={`${test.name} ${total.toLowerCase()} by test date. ${shapes}${target == null ? '' : ` The target of ${target} is a dashed red line.`} ${keys}`}
        yTicks={scales.total}
        tests={tests}
        series={[totalSeries]}
        target={target}
        height={height}
        legend={false}
        drawLine={drawLine}
      />
      <ScorePlot
        scale="sections"
        label={`Sections, ${scales.sections[0]} to ${scales.sections.at(-1)}`}
        title={`${test.name} section score history`}
        desc={`${test.sections.map((section) => section.label).join(', ')} by test date. ${shapes} ${keys}`}
        yTicks={scales.sections}
        tests={tests}
        series={sectionSeries}
        target={null}
        height={height}
        legend
        drawLine={drawLine}
      />
    </div>
  )
}
