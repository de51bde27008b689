import { describe, expect, it } from 'vitest'
import { firstAdminNotice } from '../../src/server/modules/invites/bootstrap'

describe('the first-admin notice at start', () => {
  it('puts the link on a line of its own inside a block, apart from the JSON log lines', () => {
    const link = 'http://localhost:3000/login?invite=0b6f6d2e-8a4e-4c1e-9d7a-2f6f3c1b9e10'
    const lines = firstAdminNotice(link).split('\n')
    expect(lines).toContain(`  ${link}`)
    const rules = lines.filter((line) => /^=+$/.test(line))
    expect(rules).toHaveLength(2)
    expect(lines.some((line) => line.trimStart().startsWith('{'))).toBe(false)
    expect(lines.at(-1)).toBe('')
  })
})
