import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { floorRouterApp } from './router-app'

const app = await floorRouterApp()
// As the app hydrates (src/web/main.tsx): a transition, rendered in slices.
startTransition(() => {
  hydrateRoot(document.getElementById('root')!, app)
})
