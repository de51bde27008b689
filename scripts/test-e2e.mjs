import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { buildIsStale } from './lib/build-state.mjs'
import { HEADLESS_SHELL_PACKAGE, testBrowserPath } from './lib/test-browser.mjs'

/** Browser tests against the production build, in Debian's Chromium headless shell (ADR 054). */
const chromium = testBrowserPath()
if (!existsSync(chromium)) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')
  if (!canInstall) {
    console.error(
      `No browser at ${chromium}. Install it (Debian: apt-get install -y ${HEADLESS_SHELL_PACKAGE}) or set CHROMIUM_PATH.`,
    )
    process.exit(1)
  }
  console.log(
    `Installing the Chromium headless shell from Debian (apt-get install -y ${HEADLESS_SHELL_PACKAGE})…`,
  )
  // Wait for another apt run (an unattended upgrade, a parallel install) instead of failing.
  const lockWait = ['-o', 'DPkg::Lock::Timeout=600']
  spawnSync('apt-get', [...lockWait, 'update', '-qq'], { stdio: 'inherit' })
  if (
    spawnSync('apt-get', [...lockWait, 'install', '-y', '-qq', HEADLESS_SHELL_PACKAGE], { stdio: 'inherit' })
      .status !== 0
  )
    process.exit(1)
}
if (buildIsStale()) {
  console.log('Building the production app for the browser tests…')
  if (spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1)
}
const reporter = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? ['--reporter=list,json'] : []
const result = spawnSync('npx', ['playwright', 'test', ...reporter, ...process.argv.slice(2)], {
  stdio: 'inherit',
})
process.exit(result.status ?? 1)
