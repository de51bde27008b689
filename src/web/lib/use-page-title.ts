import { useEffect } from 'react'
import { BRAND } from '../../shared/brand'

/** Each page's document title (docs/product.md#screens-and-navigation): "<page> | Crestline Prep". */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${BRAND.name}` : `${BRAND.name}: ${BRAND.tagline}`
}

export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title)
  }, [title])
}
