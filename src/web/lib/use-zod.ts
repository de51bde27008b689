import { use } from 'react'
import { loadZod } from './lazy-zod'
import { loadedZod } from './zod-slot'

/**
 * For a component that reads schemas while it renders (the audit sentences read the change's
 * schema): suspends until zod is here. The shell's answers are seeded without parsing, so such a
 * component can render before anything has loaded zod. A module of its own: the public site's
 * islands use `lazy-zod.ts` through the API client and must not pull React in with it.
 */
export function useZod(): void {
  if (!loadedZod()) use(loadZod())
}
