import { Link } from '@tanstack/react-router'
import { dateTimeFormat } from '../../../../shared/dates'
import { SERVICE_LABELS, type Session } from '../../../../shared/tutoring'
import { plainDayWords, sessionWhen } from '../../../lib/session-time'
import { gridPlace } from '../../../lib/session-zones'
import { gridStatusWords, statusWords } from '../session-words'
import { StatusBadge } from './session-item'

const startWords = (instant: string, timeZone: string) =>
  dateTimeFormat({ hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(instant))

/** Rows of the grid: one per hour, this tall (rem). */
const HOUR_REM = 3.5
const DEFAULT_FIRST_HOUR = 8
const DEFAULT_LAST_HOUR = 20
/** A day picked without an hour (the Add buttons) opens the form at this time. */
const DAY_DEFAULT_TIME = '16:00'

interface Placed {
  session: Session
  day: string
  start: number
  end: number
  lane: number
  lanes: number
}

/** Each day's sessions with their minutes in the viewer's zone, overlapping ones side by side. */
function place(sessions: Session[], days: string[], viewerZone: string): Placed[] {
  const placed: Placed[] = []
  for (const day of days) {
    const ofDay = sessions
      .map((session) => ({ session, at: gridPlace(session.startsAt, viewerZone) }))
      .filter(({ at }) => at.day === day)
      .sort((a, b) => a.at.minutes - b.at.minutes)
    const laneEnds: number[] = []
    const items = ofDay.map(({ session, at }) => {
      const end = Math.min(24 * 60, at.minutes + session.durationMinutes)
      let lane = laneEnds.findIndex((laneEnd) => laneEnd <= at.minutes)
      if (lane === -1) lane = laneEnds.push(end) - 1
      else laneEnds[lane] = end
      return { session, day, start: at.minutes, end, lane, lanes: 0 }
    })
    for (const item of items) placed.push({ ...item, lanes: Math.max(1, laneEnds.length) })
  }
  return placed
}

interface WeekViewProps {
  days: string[]
  today: string
  sessions: Session[]
  viewerZone: string
  /** Picks an empty slot: the day and the hour's start (HH:mm); absent when the viewer may not schedule. */
  onPickSlot?: ((slot: { date: string; time: string }) => void) | undefined
}

/**
 * The week as a grid of seven days by hours (wide screens) and as an agenda list (phones): the
 * sessions placed by their time in the viewer's zone. Our own CSS grid (docs/web.md, "/schedule").
 */
export function WeekView(props: WeekViewProps) {
  return (
    <>
      <WeekGrid {...props} />
      <WeekAgenda {...props} />
    </>
  )
}

function WeekGrid({ days, today, sessions, viewerZone, onPickSlot }: WeekViewProps) {
  const placed = place(sessions, days, viewerZone)
  const firstHour = Math.min(DEFAULT_FIRST_HOUR, ...placed.map((item) => Math.floor(item.start / 60)))
  const lastHour = Math.max(DEFAULT_LAST_HOUR, ...placed.map((item) => Math.ceil(item.end / 60)))
  const hours = Array.from({ length: lastHour - firstHour }, (_, index) => firstHour + index)
  const hourWords = (hour: number) =>
    dateTimeFormat({ hour: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, 0, 1, hour)))
  return (
    <div className="card hidden overflow-hidden md:block" data-testid="week-grid">
      <div className="grid grid-cols-[4rem_repeat(7,minmax(0,1fr))] border-b border-line">
        <div />
        {days.map((day) => (
          <div
            key={day}
            className={`flex flex-col items-start border-l border-line pt-2 pl-2 text-sm font-semibold ${day === today ? 'bg-primary-soft text-primary-hover' : ''}`}
          >
            <span>
              {plainDayWords(day)}
              {day === today ? <span className="sr-only"> (today)</span> : null}
            </span>
            {onPickSlot ? <AddOnDay day={day} onPickSlot={onPickSlot} /> : null}
          </div>
        ))}
      </div>
      <div className="grid grid-cols-[4rem_repeat(7,minmax(0,1fr))]">
        <div>
          {hours.map((hour) => (
            <div
              key={hour}
              className="pr-2 text-right text-xs text-ink-muted"
              style={{ height: `${HOUR_REM}rem` }}
            >
              {hourWords(hour)}
            </div>
          ))}
        </div>
        {days.map((day) => (
          <div key={day} className="relative border-l border-line">
            {hours.map((hour) =>
              onPickSlot ? (
                // Out of the tab order (a week has a hundred of them): keyboards use the day's Add.
                <button
                  key={hour}
                  type="button"
                  tabIndex={-1}
                  className="block w-full border-t border-line hover:bg-surface-sunken"
                  style={{ height: `${HOUR_REM}rem` }}
                  aria-label={`Schedule on ${plainDayWords(day)} at ${hourWords(hour)}`}
                  onClick={() => onPickSlot({ date: day, time: `${String(hour).padStart(2, '0')}:00` })}
                />
              ) : (
                <div key={hour} className="border-t border-line" style={{ height: `${HOUR_REM}rem` }} />
              ),
            )}
            {placed
              .filter((item) => item.day === day)
              .map((item) => (
                <GridSession
                  key={item.session.uuid}
                  item={item}
                  firstHour={firstHour}
                  viewerZone={viewerZone}
                />
              ))}
          </div>
        ))}
      </div>
    </div>
  )
}

/** The keyboard's way to an empty day: the form opens on that day at 16:00, as the agenda's Add does. */
function AddOnDay({
  day,
  onPickSlot,
}: {
  day: string
  onPickSlot: NonNullable<WeekViewProps['onPickSlot']>
}) {
  return (
    <button
      type="button"
      className="btn btn-quiet btn-small -ml-2 px-2 font-normal text-primary-hover"
      onClick={() => onPickSlot({ date: day, time: DAY_DEFAULT_TIME })}
    >
      <span aria-hidden="true">+</span> Add<span className="sr-only"> a session on {plainDayWords(day)}</span>
    </button>
  )
}

function GridSession({
  item,
  firstHour,
  viewerZone,
}: {
  item: Placed
  firstHour: number
  viewerZone: string
}) {
  const { session } = item
  const when = sessionWhen(session, viewerZone)
  const top = ((item.start - firstHour * 60) / 60) * HOUR_REM
  const height = Math.max(((item.end - item.start) / 60) * HOUR_REM, 1.5)
  const off = session.status === 'cancelled' || session.status === 'late-cancelled'
  return (
    <Link
      to="/students/$uuid"
      params={{ uuid: session.studentUUID }}
      search={{ section: 'sessions' }}
      className={`absolute overflow-hidden rounded-md border px-1.5 py-1 text-xs leading-tight no-underline ${
        session.awaitingAttendance
          ? 'border-warning bg-warning-soft text-ink'
          : off
            ? 'border-line bg-surface-sunken text-ink-muted'
            : 'border-primary/40 bg-primary-soft text-ink'
      }`}
      style={{
        top: `${top}rem`,
        height: `${height}rem`,
        left: `calc(${(item.lane / item.lanes) * 100}% + 2px)`,
        width: `calc(${100 / item.lanes}% - 4px)`,
      }}
      aria-label={`${session.studentName}, ${SERVICE_LABELS[session.service]}, ${when.day} ${when.time}, ${statusWords(session)}`}
    >
      <span className={`block truncate font-semibold ${off ? 'line-through' : ''}`}>
        {session.studentName}
      </span>
      <span className={`block truncate ${off ? 'line-through' : ''}`}>
        {startWords(session.startsAt, viewerZone)}
      </span>
      {/* What is not plain from the colour alone is written: cancelled (charged or not), awaiting. */}
      {off || session.awaitingAttendance ? (
        <span aria-hidden="true" className="block truncate">
          {gridStatusWords(session)}
        </span>
      ) : null}
    </Link>
  )
}

function WeekAgenda({ days, today, sessions, viewerZone, onPickSlot }: WeekViewProps) {
  return (
    <ol className="flex flex-col gap-4 md:hidden" data-testid="week-agenda">
      {days.map((day) => {
        const ofDay = sessions
          .filter((session) => gridPlace(session.startsAt, viewerZone).day === day)
          .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
        return (
          <li key={day} className="card flex flex-col gap-2 p-4">
            <div className="flex items-center justify-between gap-3">
              <h2 className="text-base font-semibold">
                {plainDayWords(day)}
                {day === today ? (
                  <span className="ml-2 text-sm font-normal text-ink-muted">Today</span>
                ) : null}
              </h2>
              {onPickSlot ? (
                <button
                  type="button"
                  className="btn btn-quiet btn-small"
                  onClick={() => onPickSlot({ date: day, time: DAY_DEFAULT_TIME })}
                >
                  Add<span className="sr-only"> a session on {plainDayWords(day)}</span>
                </button>
              ) : null}
            </div>
            {ofDay.length === 0 ? (
              <p className="text-sm text-ink-muted">Nothing scheduled.</p>
            ) : (
              <ul className="flex flex-col divide-y divide-line">
                {ofDay.map((session) => {
                  const when = sessionWhen(session, viewerZone)
                  return (
                    <li key={session.uuid} className="flex flex-col gap-0.5 py-2">
                      <span className="flex flex-wrap items-baseline gap-x-2">
                        <span className="font-semibold">{when.time}</span>
                        {session.status === 'scheduled' && !session.awaitingAttendance ? null : (
                          <StatusBadge session={session} />
                        )}
                      </span>
                      <Link
                        to="/students/$uuid"
                        params={{ uuid: session.studentUUID }}
                        search={{ section: 'sessions' }}
                        className="flex min-h-11 items-center font-medium break-words"
                      >
                        {session.studentName} · {SERVICE_LABELS[session.service]}
                      </Link>
                      {when.sessionZone ? (
                        <span className="text-sm text-ink-muted">{when.sessionZone}</span>
                      ) : null}
                    </li>
                  )
                })}
              </ul>
            )}
          </li>
        )
      })}
    </ol>
  )
}
