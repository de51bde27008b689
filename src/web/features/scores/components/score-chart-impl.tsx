import type { ReactNode } from 'react'
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { formatPlainDate } from '../../../../shared/dates'
import { type AnyScore, sectionValue, type TestInfo } from '../score-tests'

/** Section lines in distinct hues and dash patterns (never color alone); the total bold. */
const SECTION_STYLES = [
  { stroke: '#0b57d0', dash: undefined },
  { stroke: '#b45309', dash: '6 3' },
  { stroke: '#7e22ce', dash: '2 3' },
  { stroke: '#4a5568', dash: '8 3 2 3' },
] as const
const TOTAL_COLOR = '#0d6664'
const TARGET_COLOR = '#b91c1c'
const TICK = { fill: '#4a5568', fontSize: 12 }

const dayMs = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`)
const dayLabel = (value: number) => formatPlainDate(new Date(value).toISOString().slice(0, 10))

/**
 * Each test's scales: the sections' and the total's. The SAT's total (400-1600) is twice a
 * section's range, so it gets its own chart; the ACT composite shares the sections' 1-36 but is
 * drawn apart too, so both tests read the same way.
 */
const SCALES = {
  sat: { sections: [200, 400, 600, 800], total: [400, 800, 1200, 1600] },
  act: { sections: [1, 6, 12, 18, 24, 30, 36], total: [1, 6, 12, 18, 24, 30, 36] },
} as const

interface Props {
  test: TestInfo
  scores: AnyScore[]
  target: number | null
  /** Each small chart's plot height. */
  height: number
}

type Point = Record<string, number | boolean>

interface DotProps {
  cx?: number
  cy?: number
  index?: number
  payload?: { official?: boolean }
  stroke?: string
}

/** Official tests are filled circles; practice and diagnostic ones hollow squares (shape, not colour alone). */
function drawMarker(size: number, { cx, cy, index, payload, stroke }: DotProps) {
  if (cx == null || cy == null) return <g key={index} />
  return payload?.official ? (
    <circle key={index} cx={cx} cy={cy} r={size} fill={stroke} stroke={stroke} />
  ) : (
    <rect
      key={index}
      x={cx - size}
      y={cy - size}
      width={size * 2}
      height={size * 2}
      fill="#ffffff"
      stroke={stroke}
      strokeWidth={2}
    />
  )
}

/** One small chart: a heading, then the plot over the shared time axis. */
function SmallChart({
  label,
  scale,
  ticks,
  data,
  height,
  title,
  desc,
  children,
}: {
  label: string
  scale: 'sections' | 'total'
  ticks: readonly number[]
  data: Point[]
  height: number
  title: string
  desc: string
  children: ReactNode
}) {
  const times = data.map((point) => point.time as number)
  const min = Math.min(...times)
  const max = Math.max(...times)
  // One test alone, or all on one day: give the axis some room either side.
  const pad = max === min ? 15 * 86_400_000 : (max - min) * 0.04
  return (
    <div data-scale={scale} className="flex flex-col gap-1">
      <p className="m-0 text-sm font-medium text-ink">{label}</p>
      <ResponsiveContainer width="100%" height={height}>
        <LineChart
          data={data}
          margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
          // recharts' keyboard layer (arrow keys move the tooltip) needs a name for its role=application.
          title={title}
          desc={desc}
        >
          <CartesianGrid stroke="#e2ddd4" strokeDasharray="3 3" />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={[min - pad, max + pad]}
            // A tick on each test date (the axis hides ticks that would collide).
            ticks={[...new Set(times)]}
            tickFormatter={dayLabel}
            tick={TICK}
            minTickGap={24}
            // Keep the first and last dates: at phone widths the first one was dropped.
            interval="preserveStartEnd"
          />
          <YAxis
            domain={[ticks[0]!, ticks.at(-1)!]}
            ticks={[...ticks]}
            tick={TICK}
            width={ticks.at(-1)! > 99 ? 44 : 28}
          />
          <Tooltip labelFormatter={(value) => dayLabel(Number(value))} />
          {children}
        </LineChart>
      </ResponsiveContainer>
    </div>
  )
}

export default function ScoreChartImpl({ test, scores, target, height }: Props) {
  const scales = SCALES[test.kind]
  const points = scores.map((score) => {
    const point: Point = {
      time: dayMs(score.date),
      cumulative: score.cumulative,
      official: score.source === 'official',
    }
    for (const section of test.sections) {
      const value = sectionValue(score, section.key)
      // An enhanced ACT without Science leaves a gap, not a zero.
      if (value != null) point[section.key] = value
    }
    return point
  })
  const total = test.cumulativeLabel
  const shapes = 'Official tests are filled circles, practice and diagnostic tests hollow squares.'
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <SmallChart
        label={`${total}, ${scales.total[0]} to ${scales.total.at(-1)}`}
        scale="total"
        ticks={scales.total}
        data={points}
        height={height}
        title={`${test.name} ${total.toLowerCase()} history`}
        desc={`${test.name} ${total.toLowerCase()} by test date. ${shapes}${target == null ? '' : ` The target of ${target} is a dashed red line.`} Arrow keys move between tests.`}
      >
        <Line
          type="monotone"
          dataKey="cumulative"
          name={total}
          stroke={TOTAL_COLOR}
          strokeWidth={3}
          dot={(props: DotProps) => drawMarker(4, props)}
          isAnimationActive={false}
        />
        {target != null ? (
          <ReferenceLine
            y={target}
            stroke={TARGET_COLOR}
            strokeDasharray="10 4"
            strokeWidth={2}
            label={{ value: `Target ${target}`, position: 'insideTopLeft', fill: TARGET_COLOR, fontSize: 12 }}
            ifOverflow="extendDomain"
          />
        ) : null}
      </SmallChart>
      <SmallChart
        label={`Sections, ${scales.sections[0]} to ${scales.sections.at(-1)}`}
        scale="sections"
        ticks={scales.sections}
        data={points}
        height={height}
        title={`${test.name} section score history`}
        desc={`${test.sections.map((section) => section.label).join(', ')} by test date. ${shapes} Arrow keys move between tests.`}
      >
        {/* In the test's order, as the table's columns, not sorted by name. */}
        <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} />
        {test.sections.map((section, index) => (
          <Line
            key={section.key}
            type="monotone"
            dataKey={section.key}
            name={section.label}
            stroke={SECTION_STYLES[index]!.stroke}
            strokeDasharray={SECTION_STYLES[index]!.dash}
            strokeWidth={2}
            dot={(props: DotProps) => drawMarker(3, props)}
            isAnimationActive={false}
          />
        ))}
      </SmallChart>
    </div>
  )
}
