import { createMemoryHistory } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { FloorPage } from './page'
import { floorRouterApp } from './router-app'

/** Each floor page's server render, which the browser then hydrates as the app's pages are. */
export async function renderFloors(): Promise<{ react: string; router: string }> {
  const routed = await floorRouterApp(createMemoryHistory({ initialEntries: ['/router.html'] }))
  return { react: renderToString(<FloorPage />), router: renderToString(routed) }
}
