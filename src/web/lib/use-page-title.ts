import { useEffect } from 'react'
import { BRAND } from '../../shared/brand'

/** The document title of spec section 2's table: "<page> | Crestline Prep". */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${BRAND.name}` : `${BRAND.name}: ${BRAND.tagline}`
}

export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title)
  }, [title])
}
