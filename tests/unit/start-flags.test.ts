import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { serverNodeFlags } from '../../scripts/lib/server-flags.mjs'

/** `npm start` gives node the flags the memory budget was measured with (docs/performance.md, change 21). */
describe('the start scripts’ node flags', () => {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8'))

  it('are the same for npm start and npm run start:demo: a smaller young generation, one V8 helper thread', () => {
    const flags = serverNodeFlags()
    expect(flags).toEqual(['--max-semi-space-size=8', '--v8-pool-size=1'])
    expect(scripts['start:demo']).toBe(`node ${flags.join(' ')} scripts/start.mjs --demo`)
    expect(scripts.start).toBe(`node ${flags.join(' ')} scripts/start.mjs`)
  })

  it('are accepted by the Node running the tests', () => {
    const run = spawnSync(process.execPath, [...serverNodeFlags(), '-e', 'process.exit(0)'], {
      encoding: 'utf8',
    })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
  })
})
