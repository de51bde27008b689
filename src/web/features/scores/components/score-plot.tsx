import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react'
import { linearScale, nearestIndex, pickLabelledTicks, timeDomain } from '../chart-geometry'
import {
  Axes,
  type Frame,
  Legend,
  type PlotSeries,
  type PlotTest,
  type Point,
  SeriesLine,
  TargetLine,
  Tooltip,
  useWidth,
} from './plot-parts'

interface Props {
  scale: 'total' | 'sections'
  /** The heading above the plot. */
  label: string
  title: string
  desc: string
  yTicks: readonly number[]
  /** In date order, as the series' values. */
  tests: PlotTest[]
  series: PlotSeries[]
  target: number | null
  height: number
  legend: boolean
  /** The SVG path through the points (the curve's maths is the lazily loaded library's). */
  drawLine: (points: Point[]) => string
}

const MARGIN = { top: 8, right: 16, bottom: 28 }
/** A date label's width per character at 12 px ("Sep 14, 2026"), and the room kept between two labels. */
const CHAR_WIDTH = 6.6
const LABEL_GAP = 12
/** The legend's line under a plot, inside the plot's height, so the skeleton before it holds the same room. */
const LEGEND_HEIGHT = 26
const KEY_STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }

/**
 * One small chart drawn as SVG: a y axis on its own scale, the tests along a time axis, a line
 * per series, the target as a dashed line. Each test is a focus stop (one Tab stop per plot, the
 * arrow keys, Home and End move between tests) named with its date and values; the focus and the
 * pointer show the same words in a tooltip.
 */
export function ScorePlot({
  scale,
  label,
  title,
  desc,
  yTicks,
  tests,
  series,
  target,
  height,
  legend,
  drawLine,
}: Props) {
  const box = useRef<HTMLDivElement>(null)
  const stops = useRef<(SVGRectElement | null)[]>([])
  const width = useWidth(box)
  const id = useId()
  const [active, setActive] = useState<number | null>(null)
  const [focused, setFocused] = useState(false)
  // The focus ring shows for the keyboard, not after a click or a tap (as :focus-visible decides).
  const [ring, setRing] = useState(false)
  const [current, setCurrent] = useState(0)

  const left = yTicks.at(-1)! > 99 ? 44 : 28
  const right = Math.max(left + 1, width - MARGIN.right)
  const top = MARGIN.top
  const svgHeight = legend ? height - LEGEND_HEIGHT : height
  const bottom = svgHeight - MARGIN.bottom
  const x = linearScale(timeDomain(tests.map((test) => test.time)), [left, right])
  const y = linearScale([yTicks[0]!, yTicks.at(-1)!], [bottom, top])
  const xs = tests.map((test) => x(test.time))
  const frame: Frame = { left, right, top, bottom, width, y, xs }
  const labelWidth = Math.max(...tests.map((test) => test.day.length)) * CHAR_WIDTH
  const labelled = pickLabelledTicks(xs, labelWidth, LABEL_GAP)

  const valuesAt = (index: number) =>
    series.map((line) => `${line.name} ${line.values[index] ?? 'not recorded'}`)
  const pointName = (index: number) =>
    `${tests[index]!.day}: ${valuesAt(index).join(', ')}, ${tests[index]!.source.toLowerCase()}`
  const move = (event: KeyboardEvent, index: number) => {
    if (event.key === 'Escape') setActive(null)
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? tests.length - 1
          : KEY_STEPS[event.key] === undefined
            ? null
            : index + KEY_STEPS[event.key]!
    if (next === null) return
    event.preventDefault()
    stops.current[Math.min(Math.max(next, 0), tests.length - 1)]?.focus()
  }
  const point = (event: PointerEvent<SVGSVGElement>) => {
    const bounds = event.currentTarget.getBoundingClientRect()
    setActive(nearestIndex(xs, event.clientX - bounds.left))
  }
  const shownTarget = target == null ? null : Math.min(Math.max(target, yTicks[0]!), yTicks.at(-1)!)

  return (
    <div data-scale={scale} className="flex min-w-0 flex-col gap-1">
      <p className="m-0 text-sm font-medium text-ink">{label}</p>
      <div ref={box} className="relative" style={{ height }}>
        {width > 0 ? (
          // biome-ignore lint/a11y/useSemanticElements: an SVG cannot be a fieldset; the group holds the tests' focus stops
          <svg
            width={width}
            height={svgHeight}
            role="group"
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-desc`}
            // Out of the flow, so a narrower window can shrink the box it measures.
            className="absolute top-0 left-0 block touch-pan-y"
            onPointerMove={point}
            onPointerDown={point}
            // A finger lifted also leaves: a tapped test keeps its tooltip until the focus moves on.
            onPointerLeave={(event) => (focused || event.pointerType !== 'mouse' ? null : setActive(null))}
          >
            <title id={`${id}-title`}>{title}</title>
            <desc id={`${id}-desc`}>{desc}</desc>
            {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: nothing in here takes focus; the focus stops below carry the words */}
            <g aria-hidden="true">
              <Axes frame={frame} yTicks={yTicks} tests={tests} labelled={labelled} labelWidth={labelWidth} />
              {shownTarget != null ? <TargetLine frame={frame} target={shownTarget} /> : null}
              {active != null ? (
                <line
                  x1={xs[active]}
                  x2={xs[active]}
                  y1={top}
                  y2={bottom}
                  stroke="var(--color-line-strong)"
                />
              ) : null}
              {series.map((line) => (
                <SeriesLine key={line.key} line={line} frame={frame} tests={tests} drawLine={drawLine} />
              ))}
            </g>
            {tests.map((test, index) => {
              // Each test's stop spans half the way to its neighbours, at least 24 px wide.
              const from = index === 0 ? left : (xs[index - 1]! + xs[index]!) / 2
              const to = index === tests.length - 1 ? right : (xs[index]! + xs[index + 1]!) / 2
              const band = Math.max(to - from, 24)
              return (
                // biome-ignore lint/a11y/noInteractiveElementToNoninteractiveRole: a focusable point named with its values, as charts do
                <rect
                  // biome-ignore lint/suspicious/noArrayIndexKey: two tests may share a day; the place in the date order tells them apart
                  key={`${test.time}-${index}`}
                  ref={(element) => {
                    stops.current[index] = element
                  }}
                  data-part="stop"
                  role="img"
                  aria-label={pointName(index)}
                  tabIndex={index === current ? 0 : -1}
                  x={(from + to) / 2 - band / 2}
                  y={top}
                  width={band}
                  height={bottom - top}
                  fill="transparent"
                  stroke={ring && active === index ? 'var(--color-focus)' : 'none'}
                  strokeWidth={3}
                  className="outline-none"
                  onFocus={(event) => {
                    setRing(event.currentTarget.matches(':focus-visible'))
                    setCurrent(index)
                    setActive(index)
                    setFocused(true)
                  }}
                  onBlur={() => {
                    setFocused(false)
                    setActive(null)
                  }}
                  onKeyDown={(event) => move(event, index)}
                />
              )
            })}
          </svg>
        ) : null}
        {active != null && width > 0 ? (
          <Tooltip test={tests[active]!} values={valuesAt(active)} x={xs[active]!} frame={frame} />
        ) : null}
        {legend ? <Legend series={series} top={svgHeight + 4} /> : null}
      </div>
    </div>
  )
}
