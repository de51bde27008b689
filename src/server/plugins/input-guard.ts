import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { HttpProblem } from '../problems'

/** Deeper than any body the product accepts; a deeper one is refused before anything walks it. */
export const MAX_JSON_DEPTH = 32

/**
 * Input no field of ours may hold, refused with a 400 naming the field before validation:
 * - a NUL character (U+0000) anywhere in a body or query string: PostgreSQL cannot store it in
 *   text, so it would otherwise fail late, as a 500;
 * - a body nested more than MAX_JSON_DEPTH levels (it would exhaust the stack of code that walks
 *   it recursively, such as better-auth's request conversion).
 */
export function findBadInput(value: unknown): { path: string; message: string } | null {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }]
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!
    if (typeof current === 'string') {
      if (current.includes('\u0000')) {
        return { path: path.join('.'), message: 'Remove the NUL character (U+0000) from this field.' }
      }
      continue
    }
    if (current === null || typeof current !== 'object') continue
    if (path.length >= MAX_JSON_DEPTH) {
      return { path: path.slice(0, 3).join('.'), message: `Nest at most ${MAX_JSON_DEPTH} levels deep.` }
    }
    for (const [key, child] of Object.entries(current)) {
      if (key.includes('\u0000'))
        return { path: path.join('.'), message: 'Remove the NUL character (U+0000).' }
      stack.push({ value: child, path: [...path, key] })
    }
  }
  return null
}

export default fp(
  async function inputGuardPlugin(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      for (const [where, value] of [
        ['body', request.body],
        ['querystring', request.query],
      ] as const) {
        const problem = findBadInput(value)
        if (problem) {
          const path = problem.path || where
          throw new HttpProblem(400, 'invalid-input', `${path}: ${problem.message}`, [{ ...problem, path }])
        }
      }
    })
  },
  { name: 'input-guard' },
)
