import type { zodResolver as packageResolver } from '@hookform/resolvers/zod'
import { loadZod } from './lazy-zod'

/**
 * `zodResolver` of `@hookform/resolvers/zod`, with zod and the resolver loaded when the form is
 * first checked (ADR 053): the package's resolver reads its schema as it is made, which would
 * build the schema, and so need zod, while the form's page renders.
 */
export const zodResolver = ((...args: Parameters<typeof packageResolver>) => {
  let resolver: Promise<ReturnType<typeof packageResolver>> | undefined
  return async (...call: Parameters<ReturnType<typeof packageResolver>>) => {
    resolver ??= Promise.all([import('@hookform/resolvers/zod'), loadZod()]).then(([module]) =>
      module.zodResolver(...args),
    )
    return (await resolver)(...call)
  }
}) as typeof packageResolver
