import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { lazySharedSchemas } from '../../scripts/lib/lazy-schemas'
import { lazySchema } from '../../src/web/lib/lazy-schema'

/** The web build's shared schemas, built on first use (ADR 051). */
describe('lazy shared schemas', () => {
  it('wraps the schemas a shared module builds at its top level, and nothing else', () => {
    const out = lazySharedSchemas(
      [
        "import { z } from 'zod'",
        "import { emailField, ROLES } from './validation'",
        'const nameField = z.string().min(1)',
        'export const personSchema = z.object({ name: nameField, email: emailField })',
        'export const patchSchema = personSchema.partial()',
        'const fields = { note: z.string(), limit: 3 }',
        'export const keys = personSchema.keyof().options',
        'export const parsed = personSchema.safeParse({})',
        'export const roleNames = ROLES.map((role) => role.toUpperCase())',
        'export const helper = (max) => z.number().max(max)',
        "import { requiredText } from './validation'",
        'const formFields = { date: personSchema.shape.name, max: helper(3), title: requiredText(9), n: ROLES.length }',
      ].join('\n'),
    )
    const wrap = (code: string) => `/* @__PURE__ */ __lazySchema(() => ${code})`
    expect(out).toContain(`const nameField = ${wrap('z.string().min(1)')}`)
    expect(out).toContain(`personSchema = ${wrap('z.object({ name: nameField, email: emailField })')}`)
    expect(out).toContain(`patchSchema = ${wrap('personSchema.partial()')}`)
    expect(out).toContain(`{ note: ${wrap('z.string()')}, limit: 3 }`)
    expect(out).toContain(
      `{ date: ${wrap('personSchema.shape.name')}, max: ${wrap('helper(3)')}, title: ${wrap('requiredText(9)')}, n: ROLES.length }`,
    )
    expect(out?.match(/__lazySchema\(\(\)/g)).toHaveLength(7)
    expect(out).toContain('export const keys = personSchema.keyof().options')
    expect(out).toContain('export const roleNames = ROLES.map(')
  })

  it('builds a schema on first use, and zod takes it as the schema it stands for', () => {
    let builds = 0
    const score = lazySchema(() => {
      builds++
      return z.object({ total: z.number().int().min(400) })
    })
    expect(builds).toBe(0)
    const record = z.object({ name: z.string(), scores: z.array(score) })
    const withTarget = score.extend({ target: z.number().nullable() })
    expect(builds).toBe(1) // `extend` used it
    expect(score instanceof z.ZodType).toBe(true)
    expect('~standard' in score).toBe(true)
    expect(record.safeParse({ name: 'Ana', scores: [{ total: 1450 }] }).success).toBe(true)
    expect(record.safeParse({ name: 'Ana', scores: [{ total: 12 }] }).success).toBe(false)
    expect(withTarget.parse({ total: 1200, target: null })).toEqual({ total: 1200, target: null })
    expect(score.optional().safeParse(undefined).success).toBe(true)
    expect(builds).toBe(1)
  })
})
