import '@fontsource-variable/inter'
import './styles.css'
import './lib/zod-jitless'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
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
 */
async function start() {
  if (!root.hasAttribute('data-rendered')) {
    createRoot(root).render(app)
    return
  }
  const href = router.history.location.href
  router.ssr = { manifest: undefined }
  await router.load()
  const { location, matches } = router.state
  if (location.href === href && matches.every((match) => match.status === 'success')) {
    hydrateRoot(root, app)
    return
  }
  router.ssr = undefined
  createRoot(root).render(app)
}

void start()
