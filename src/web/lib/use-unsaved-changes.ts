import { useEffect } from 'react'

/** While `dirty`, the browser asks before a refresh or a closed tab throws typed words away. */
export function useWarnBeforeUnload(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers need a return value; none shows it any more.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])
}
