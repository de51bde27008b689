import { useState } from 'react'

/**
 * The least a workspace page can be, for `npm run lighthouse`'s floor rows: a heading, a line, a
 * button with state and 40 links with a detail each, about the size of a dashboard's first screen
 * in elements. No CSS of ours, no data, no code of the app.
 */
export function FloorPage({ children }: { children?: React.ReactNode }) {
  const [clicks, setClicks] = useState(0)
  const items = Array.from({ length: 40 }, (_, index) => index)
  return (
    <main>
      {children}
      <h1>My Dashboard</h1>
      <p>What to do next, your sessions and college deadlines, and your record.</p>
      <button type="button" onClick={() => setClicks(clicks + 1)}>
        Pressed {clicks} times
      </button>
      <ul>
        {items.map((index) => (
          <li key={index}>
            <a href={`/floor/${index}`}>Student number {index}</a> <span>next session in {index} days</span>
          </li>
        ))}
      </ul>
    </main>
  )
}
