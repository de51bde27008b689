import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
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

interface Props {
  test: TestInfo
  scores: AnyScore[]
  height: number
}

export default function ScoreChartImpl({ test, scores, height }: Props) {
  const data = scores.map((score) => {
    const point: Record<string, number | string> = { time: dayMs(score.date), cumulative: score.cumulative }
    for (const section of test.sections) point[section.key] = sectionValue(score, section.key) ?? 0
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
        desc={`${test.sections.map((section) => section.label).join(', ')} and ${test.cumulativeLabel.toLowerCase()} by test date. Arrow keys move between tests.`}
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
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        ))}
        <Line
          yAxisId={isSat ? 'total' : 'sections'}
          type="monotone"
          dataKey="cumulative"
          name={isSat ? `${test.cumulativeLabel} (right axis)` : test.cumulativeLabel}
          stroke={TOTAL_COLOR}
          strokeWidth={3}
          dot={{ r: 4 }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  )
}
