import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react'
import { flushSync } from 'react-dom'
import { useFirstInteraction } from '../../../lib/use-first-interaction'
import { useHydrated } from '../../../lib/use-hydrated'
import { buildTimeZoneGroups, searchTimeZones, timeZoneGroups, timeZoneOption } from '../time-zone-options'

interface TimeZonePickerProps {
  value: string
  onChange: (zone: string, label: string) => void
  disabled?: boolean
  help: string
}

/**
 * The time zone: a search field whose matches are large buttons (a thumb picks one at 390 px),
 * and the full list by region in a native select, each zone with its offset today.
 */
export function TimeZonePicker({ value, onChange, disabled = false, help }: TimeZonePickerProps) {
  const id = useId()
  const [query, setQuery] = useState('')
  const deferredQuery = useDeferredValue(query)
  // The zones and their offsets come from the browser's own time-zone data, which may not be the
  // server's: until the page is the browser's, the list holds only the chosen zone, by name. Once
  // the person starts using the page, the list is built a slice at a time (buildTimeZoneGroups), and
  // holds the chosen zone until done: its offsets need `Intl`, which a loading page does without.
  const hydrated = useHydrated()
  const interacted = useFirstInteraction()
  const [groups, setGroups] = useState<ReturnType<typeof timeZoneGroups>>([])
  useEffect(
    () => (hydrated && interacted ? buildTimeZoneGroups(value, setGroups) : undefined),
    [hydrated, interacted, value],
  )
  // Reaching the search or the list before the slices are done finishes them at once.
  const listNow = () => {
    if (hydrated && groups.length === 0) flushSync(() => setGroups(timeZoneGroups(value)))
  }
  const matches = useMemo(() => searchTimeZones(groups, deferredQuery), [groups, deferredQuery])
  const current = hydrated ? timeZoneOption(value) : { label: value, region: '' }

  const choose = (zone: string) => {
    setQuery('')
    onChange(zone, timeZoneOption(zone).label)
  }

  return (
    <fieldset className="flex max-w-md flex-col gap-3" aria-describedby={`${id}-help`}>
      <legend className="font-medium">Time zone</legend>
      <p id={`${id}-help`} className="-mt-1 text-sm text-ink-muted">
        {help}
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-search`} className="text-sm font-medium">
          Search by city, region or offset
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="field-input"
          placeholder="For example Chicago, Europe or −06"
          autoComplete="off"
          enterKeyHint="search"
          value={query}
          disabled={disabled}
          onFocus={listNow}
          aria-controls={deferredQuery.trim() ? `${id}-matches` : undefined}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && matches[0]) {
              event.preventDefault()
              choose(matches[0].zone)
            }
          }}
        />
        <p className="sr-only" aria-live="polite">
          {deferredQuery.trim()
            ? `${matches.length === 0 ? 'No' : matches.length} time ${matches.length === 1 ? 'zone matches' : 'zones match'}`
            : ''}
        </p>
        {deferredQuery.trim() ? (
          matches.length > 0 ? (
            <ul id={`${id}-matches`} aria-label="Matching time zones" className="flex flex-col gap-1.5">
              {matches.map((option) => (
                <li key={option.zone}>
                  <button
                    type="button"
                    className="flex min-h-11 w-full items-center justify-between gap-3 rounded border border-line bg-surface px-3 py-2 text-left hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-primary"
                    disabled={disabled}
                    aria-current={option.zone === value ? 'true' : undefined}
                    onClick={() => choose(option.zone)}
                  >
                    <span className="font-medium">{option.label}</span>
                    <span className="text-sm text-ink-muted">{option.region}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p id={`${id}-matches`} className="text-sm text-ink-muted">
              No time zone matches “{deferredQuery.trim()}”. Try a nearby city.
            </p>
          )
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-zone`} className="text-sm font-medium">
          Or choose from the list
        </label>
        <select
          id={`${id}-zone`}
          className="field-input"
          value={value}
          disabled={disabled}
          onPointerDown={listNow}
          onFocus={listNow}
          onChange={(event) => choose(event.target.value)}
        >
          {groups.length === 0 ? <option value={value}>{current.label}</option> : null}
          {groups.map((group) => (
            <optgroup key={group.region} label={group.region}>
              {group.options.map((option) => (
                <option key={option.zone} value={option.zone}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <p className="text-sm">
        Now: <span className="font-medium">{current.label}</span>
        {current.region ? `, ${current.region}` : null}
      </p>
    </fieldset>
  )
}
