import type * as Zod from 'zod'

/**
 * Where the web build's zod is kept once it has loaded (ADR 053): `zod-jitless.ts` fills it when it
 * is evaluated, `lazy-zod.ts` reads it. A module of its own, so neither of those two imports the other.
 */
export type ZodParts = Partial<typeof Zod.z>

let zod: ZodParts | undefined

/** `z.config()` called before zod is here (the form messages, shared/validation.ts): applied once it is. */
export const pendingConfig: Parameters<typeof Zod.z.config>[0][] = []

/** zod-jitless.ts, once evaluated: from then on `z` is the package's (the parts the sources name, in the build). */
export function provideZod(members: ZodParts): void {
  zod = members
  for (const options of pendingConfig.splice(0)) members.config?.(options)
}

/** zod when it has loaded. */
export const loadedZod = (): ZodParts | undefined => zod
