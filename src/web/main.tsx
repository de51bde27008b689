import '@fontsource-variable/inter'
import './styles.css'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { loadZod } from './lib/lazy-zod'
import { whenIdle } from './lib/when-idle'

const root = document.getElementById('root')!

/** Lets the browser answer input and paint before the next step (a task of its own). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * The app's modules (the router, its routes, the query cache seeded from the shell) are a chunk
 * the entry imports after React has been evaluated, and each step after runs in a task of its own:
 * evaluating React, evaluating the router, loading the matches, hydrating. On a phone each was a
 * slice of one long task that blocked input (docs/performance.md, change 46). The chunk is
 * preloaded beside the entry, so this waits for no fetch.
 *
 * A page the server rendered (ADR 049) is hydrated: the router first loads the same matches from
 * the seeded answers (and the route's component chunks, preloaded by the shell), and renders as
 * the server did. When it arrives somewhere else (a guard redirected since), the app renders anew.
 * Either way the root layout lifts the root's `inert` once it is mounted (`useInteractiveRoot`).
 */
async function start() {
  await nextTask()
  const { App, router } = await import('./router')
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  )
  // As a transition, React renders in slices and lets the browser answer input between them,
  // instead of one long task (the shell's text or the server's page stays on screen meanwhile).
  if (!root.hasAttribute('data-rendered')) {
    startTransition(() => createRoot(root).render(app))
    return
  }
  await nextTask()
  const href = router.history.location.href
  router.ssr = { manifest: undefined }
  const loaded = await router.load().then(
    () => true,
    () => false,
  )
  const { location, matches } = router.state
  if (loaded && location.href === href && matches.every((match) => match.status === 'success')) {
    await nextTask()
    startTransition(() => {
      hydrateRoot(root, app)
    })
    return
  }
  router.ssr = undefined
  startTransition(() => createRoot(root).render(app))
}

// zod is not needed to show the page or to hydrate it (ADR 053); it loads once the page is up,
// before anyone is likely to submit a form (whatever parses waits for it anyway).
void start().then(() => {
  whenIdle(() => void loadZod())
})
