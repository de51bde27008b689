import { type RefObject, useLayoutEffect, useState } from 'react'

/** The pieces of a score plot's picture (`score-plot.tsx` lays them out and handles focus). */

/** One line on a plot: a value per test (null where the test has none: a gap, not a zero). */
export interface PlotSeries {
  key: string
  name: string
  color: string
  /** A dash pattern, so lines differ by more than colour. */
  dash?: string
  width: number
  markerSize: number
  values: (number | null)[]
}

/** One test on the time axis. */
export interface PlotTest {
  time: number
  /** "Sep 14, 2026", as the product writes dates. */
  day: string
  official: boolean
  /** "Official", "Practice" or "Diagnostic". */
  source: string
}

export type Point = [x: number, y: number] | null

/** Where the plot area sits in the SVG, and its scales. */
export interface Frame {
  left: number
  right: number
  top: number
  bottom: number
  width: number
  y: (value: number) => number
  /** Each test's x, in date order. */
  xs: number[]
}

const TICK_STYLE = { fill: 'var(--color-ink-muted)', fontSize: 12 }
const AXIS = 'var(--color-line-strong)'

/** The plot's width, followed as its box changes (a phone turned, a window resized). */
export function useWidth(ref: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    setWidth(element.clientWidth)
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)))
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return width
}

/** The grid, the y axis with its ticks, and the time axis with the dates that fit. */
export function Axes({
  frame,
  yTicks,
  tests,
  labelled,
  labelWidth,
}: {
  frame: Frame
  yTicks: readonly number[]
  tests: PlotTest[]
  labelled: number[]
  labelWidth: number
}) {
  const { left, right, top, bottom, width, y, xs } = frame
  return (
    <>
      <g stroke="var(--color-line)" strokeDasharray="3 3">
        {yTicks.map((tick) => (
          <line key={tick} x1={left} x2={right} y1={y(tick)} y2={y(tick)} />
        ))}
        {labelled.map((index) => (
          <line key={index} x1={xs[index]} x2={xs[index]} y1={top} y2={bottom} />
        ))}
      </g>
      <g data-part="y-axis">
        <line x1={left} x2={left} y1={top} y2={bottom} stroke={AXIS} />
        {yTicks.map((tick) => (
          <g key={tick} data-part="tick">
            <line x1={left - 5} x2={left} y1={y(tick)} y2={y(tick)} stroke={AXIS} />
            <text x={left - 7} y={y(tick)} textAnchor="end" dominantBaseline="middle" {...TICK_STYLE}>
              {tick}
            </text>
          </g>
        ))}
      </g>
      <g data-part="x-axis">
        <line x1={left} x2={right} y1={bottom} y2={bottom} stroke={AXIS} />
        {labelled.map((index) => {
          // A label stays inside the SVG: the first and last dates sit near its edges.
          const half = labelWidth / 2
          const at = Math.min(Math.max(xs[index]!, half), width - half)
          return (
            <g key={index} data-part="tick">
              <line x1={xs[index]} x2={xs[index]} y1={bottom} y2={bottom + 5} stroke={AXIS} />
              <text x={at} y={bottom + 19} textAnchor="middle" {...TICK_STYLE}>
                {tests[index]!.day}
              </text>
            </g>
          )
        })}
      </g>
    </>
  )
}

/** The target as a dashed red line across the plot, labelled at its left end. */
export function TargetLine({ frame, target }: { frame: Frame; target: number }) {
  const { left, right, top, y } = frame
  const at = y(target)
  return (
    <g data-part="target">
      <line
        x1={left}
        x2={right}
        y1={at}
        y2={at}
        stroke="var(--color-danger)"
        strokeWidth={2}
        strokeDasharray="10 4"
      />
      <text x={left + 6} y={at - top > 16 ? at - 6 : at + 16} fill="var(--color-danger)" fontSize={12}>
        Target {target}
      </text>
    </g>
  )
}

/** Official tests are filled circles; practice and diagnostic ones hollow squares (shape, not colour alone). */
function Marker({
  spot,
  size,
  color,
  official,
}: {
  spot: [number, number]
  size: number
  color: string
  official: boolean
}) {
  const [x, y] = spot
  return official ? (
    <circle data-part="marker" cx={x} cy={y} r={size} fill={color} stroke={color} />
  ) : (
    <rect
      data-part="marker"
      x={x - size}
      y={y - size}
      width={size * 2}
      height={size * 2}
      fill="var(--color-surface)"
      stroke={color}
      strokeWidth={2}
    />
  )
}

/** A series' line and its markers. */
export function SeriesLine({
  line,
  frame,
  tests,
  drawLine,
}: {
  line: PlotSeries
  frame: Frame
  tests: PlotTest[]
  drawLine: (points: Point[]) => string
}) {
  const points: Point[] = line.values.map((value, index) =>
    value == null ? null : [frame.xs[index]!, frame.y(value)],
  )
  return (
    <g data-part="series">
      <path
        data-part="line"
        d={drawLine(points)}
        fill="none"
        stroke={line.color}
        strokeWidth={line.width}
        strokeDasharray={line.dash}
      />
      {points.map((spot, index) =>
        spot ? (
          <Marker
            // biome-ignore lint/suspicious/noArrayIndexKey: a test's place in the date order is its identity here
            key={index}
            spot={spot}
            size={line.markerSize}
            color={line.color}
            official={tests[index]!.official}
          />
        ) : null,
      )}
    </g>
  )
}

/** The words of the test under the pointer or the focus; hidden from assistive technology, whose focus stop says the same. */
export function Tooltip({
  test,
  values,
  x,
  frame,
}: {
  test: PlotTest
  values: string[]
  x: number
  frame: Frame
}) {
  const side = x < frame.width / 2 ? { left: x + 10 } : { right: frame.width - x + 10 }
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute rounded-md border border-line bg-surface px-2 py-1 text-xs text-ink shadow-card"
      style={{ top: frame.top + 4, ...side }}
    >
      <p className="m-0 font-medium">{test.day}</p>
      {values.map((value) => (
        <p key={value} className="m-0 whitespace-nowrap">
          {value}
        </p>
      ))}
      <p className="m-0 text-ink-muted">{test.source}</p>
    </div>
  )
}

/** The sections' legend, in the test's order: each line's colour and dash pattern with its name. */
export function Legend({ series, top }: { series: PlotSeries[]; top: number }) {
  return (
    <ul
      className="absolute inset-x-0 m-0 flex list-none flex-wrap justify-center gap-x-3 gap-y-1 p-0 text-xs text-ink"
      style={{ top }}
    >
      {series.map((line) => (
        <li key={line.key} className="flex items-center gap-1.5">
          <svg width={24} height={10} aria-hidden="true">
            <line
              x1={0}
              x2={24}
              y1={5}
              y2={5}
              stroke={line.color}
              strokeWidth={2}
              strokeDasharray={line.dash}
            />
          </svg>
          <span data-part="legend-item">{line.name}</span>
        </li>
      ))}
    </ul>
  )
}
