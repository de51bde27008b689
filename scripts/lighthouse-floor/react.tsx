import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { FloorPage } from './page'

// As the app hydrates (src/web/main.tsx): a transition, rendered in slices.
startTransition(() => {
  hydrateRoot(document.getElementById('root')!, <FloorPage />)
})
