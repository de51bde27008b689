import '@fontsource-variable/inter'
import './styles.css'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { loadZod } from './lib/lazy-zod'
import { whenIdle } from './lib/when-idle'
import { App, router } from './router'

const root = document.getElementById('root')!
const app = (
  <StrictMode>
    <App />
  </StrictMode>
)

/**
 * A page the server rendered (ADR 049) is hydrated: the router first loads the same matches from
 * the seeded answers (and the route's component chunks, preloaded by the shell), and renders as
 * the server did. When it arrives somewhere else (a guard redirected since), the app renders anew.
 * Either way the root layout lifts the root's `inert` once it is mounted (`useInteractiveRoot`).
 */
async function start() {
  // As a transition, React renders in slices and lets the browser answer input between them,
  // instead of one long task (the shell's text or the server's page stays on screen meanwhile).
  if (!root.hasAttribute('data-rendered')) {
    startTransition(() => createRoot(root).render(app))
    return
  }
  const href = router.history.location.href
  router.ssr = { manifest: undefined }
  const loaded = await router.load().then(
    () => true,
    () => false,
  )
  const { location, matches } = router.state
  if (loaded && location.href === href && matches.every((match) => match.status === 'success')) {
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
