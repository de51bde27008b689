import { Writable } from 'node:stream'
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { type ReactNode, StrictMode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { createAppRouter } from '../app-router'
import { seedAnswers } from '../lib/first-screen'
import { createQueryClient } from '../lib/query-client'

/**
 * The server's first render of an app page (ADR 049): the page as the browser would render it
 * from the answers the server put in the shell (ADR 047), so that it paints with the HTML instead
 * of after the JavaScript; the browser hydrates it. Everything is made per call (query cache,
 * router, history): nothing of one viewer's render is left for the next.
 *
 * `null` when the page cannot be rendered from those answers alone: a guard redirects, a loader
 * fails or asks for a read that is not in the shell. The shell then goes out as before and the
 * browser renders the page itself. A part of the page that asks for more once the page renders
 * (a section's list) stays pending here; React marks it, and the browser renders that part.
 */
export async function renderFirstScreen(
  url: string,
  answers: Record<string, unknown>,
): Promise<string | null> {
  const queryClient = createQueryClient()
  seedAnswers(queryClient, answers)
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }))

  // A loader's read that is not in the shell never settles here (api-client): stop at its start.
  let askedForMore: () => void = () => {}
  const readOutsideShell = new Promise<'asked'>((resolve) => {
    askedForMore = () => resolve('asked')
  })
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'fetch') askedForMore()
  })
  const loaded = await Promise.race([router.load().then(() => 'loaded' as const), readOutsideShell])
  unsubscribe()
  const { matches, location, resolvedLocation } = router.state
  if (
    loaded !== 'loaded' ||
    resolvedLocation?.href !== location.href ||
    matches.some((match) => match.status !== 'success')
  ) {
    queryClient.clear()
    return null
  }

  try {
    return await renderToText(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    )
  } finally {
    queryClient.clear()
  }
}

/**
 * React's streaming renderer, collected into one string once all is done: unlike
 * `renderToString` it waits for lazy components. A part still pending once the event loop has
 * turned a few times waits for a read the browser will make: it is cut off (`abort`), and React
 * sends that part's fallback marked for the browser to render. The empty digest tells the
 * browser's React that this is expected, not an error to report.
 */
function renderToText(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = ''
    let done = false
    const sink = new Writable({
      write(chunk: Buffer, _encoding, next) {
        html += chunk.toString('utf8')
        next()
      },
    })
    sink.on('finish', () => resolve(html))
    sink.on('error', reject)
    let turns = 0
    const stream = renderToPipeableStream(element, {
      onError: () => '',
      // Every finished part inline, where it belongs: no part sent apart with a script to move it
      // in (the shell's CSP allows no inline script).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: (error) => {
        done = true
        reject(error)
      },
      onShellReady: () => {
        const wait = () => {
          if (done) return
          if (++turns > 3) stream.abort()
          else setImmediate(wait)
        }
        setImmediate(wait)
      },
      onAllReady: () => {
        done = true
        stream.pipe(sink)
      },
    })
  })
}
