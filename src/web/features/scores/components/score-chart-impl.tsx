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

const dayMs = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`)

const TARGET_COLOR = '#b91c1c'

interface Props {
  test: TestInfo
  scores: AnyScore[]
  target: number | null
  height: number
}

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

export default function ScoreChartImpl({ test, scores, target, height }: Props) {
  const data = scores.map((score) => {
    const point: Record<string, number | string | boolean> = {
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
  const times = data.map((point) => point.time as number)
  const min = Math.min(...times)
  const max = Math.max(...times)
  // One test alone, or all on one day: give the axis some room either side.
  const pad = max === min ? 15 * 86_400_000 : (max - min) * 0.04
  // A tick on each test date (the axis hides ticks that would collide).
  const ticks = [...new Set(times)]
  const isSat = test.kind === 'sat'
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart
        data={data}
        margin={{ top: 8, right: isSat ? 4 : 16, bottom: 0, left: 0 }}
        // recharts' keyboard layer (arrow keys move the tooltip) needs a name for its role=application.
        title={`${test.name} score history`}
        desc={`${test.sections.map((section) => section.label).join(', ')} and ${test.cumulativeLabel.toLowerCase()} by test date. Official tests are filled circles, practice and diagnostic tests hollow squares.${target == null ? '' : ` The target of ${target} is a dashed red line.`} Arrow keys move between tests.`}
      >
        <CartesianGrid stroke="#e2ddd4" strokeDasharray="3 3" />
        <XAxis
          dataKey="time"
          type="number"
          scale="time"
          domain={[min - pad, max + pad]}
          ticks={ticks}
          tickFormatter={(value: number) => formatPlainDate(new Date(value).toISOString().slice(0, 10))}
          tick={{ fill: '#4a5568', fontSize: 12 }}
          minTickGap={24}
          // Keep the first and last dates: at phone widths the first one was dropped.
          interval="preserveStartEnd"
        />
        <YAxis
          yAxisId="sections"
          domain={isSat ? [200, 800] : [1, 36]}
          ticks={isSat ? [200, 400, 600, 800] : [1, 6, 12, 18, 24, 30, 36]}
          tick={{ fill: '#4a5568', fontSize: 12 }}
          width={isSat ? 40 : 28}
        />
        {isSat ? (
          <YAxis
            yAxisId="total"
            orientation="right"
            domain={[400, 1600]}
            // Twice the section axis, so both share the grid lines.
            ticks={[400, 800, 1200, 1600]}
            tick={{ fill: '#4a5568', fontSize: 12 }}
            width={44}
          />
        ) : null}
        <Tooltip
          labelFormatter={(value) => formatPlainDate(new Date(Number(value)).toISOString().slice(0, 10))}
        />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        <Line
          yAxisId={isSat ? 'total' : 'sections'}
          type="monotone"
          dataKey="cumulative"
          name={isSat ? `${test.cumulativeLabel} (right axis)` : test.cumulativeLabel}
          stroke={TOTAL_COLOR}
          strokeWidth={3}
          // Drawn first and half-transparent so it never hides a section line beneath it.
          strokeOpacity={isSat ? 0.5 : 1}
          dot={(props: DotProps) => drawMarker(4, props)}
          isAnimationActive={false}
        />
        {target != null ? (
          <ReferenceLine
            yAxisId={isSat ? 'total' : 'sections'}
            y={target}
            stroke={TARGET_COLOR}
            strokeDasharray="10 4"
            strokeWidth={2}
            label={{ value: `Target ${target}`, position: 'insideTopLeft', fill: TARGET_COLOR, fontSize: 12 }}
            ifOverflow="extendDomain"
          />
        ) : null}
        {test.sections.map((section, index) => (
          <Line
            key={section.key}
            yAxisId="sections"
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
      </LineChart>
    </ResponsiveContainer>
  )
}
