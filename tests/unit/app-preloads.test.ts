import { describe, expect, it } from 'vitest'
import { appPreloads } from '../../scripts/prerender/app-preloads'
import { APP_ROUTE_PATTERNS } from '../../src/shared/web-routes'

/** Vite's manifest as the router plugin's code splitting names its chunks (one group per route). */
const SPLIT = 'component---errorComponent---notFoundComponent---pendingComponent'
const ROUTE_FILES: Record<string, string> = {
  '/forgot-password': 'routes/_marketing/forgot-password.tsx',
  '/reset-password': 'routes/_marketing/reset-password.tsx',
  '/onboarding': 'routes/onboarding.tsx',
  '/dashboard': 'routes/_app/dashboard.tsx',
  '/schedule': 'routes/_app/schedule.tsx',
  '/skills': 'routes/_app/skills.tsx',
  '/settings': 'routes/_app/settings.tsx',
  '/users': 'routes/_app/users.index.tsx',
  '/users/$uuid': 'routes/_app/users.$uuid.tsx',
  '/students': 'routes/_app/students.index.tsx',
  '/students/$uuid': 'routes/_app/students.$uuid.tsx',
  // A trailing `_` takes the page out of its parent's layout; it is not part of the path.
  '/students/$uuid/practice/$attemptId': 'routes/_app/students.$uuid_.practice.$attemptId.tsx',
  '/admin': 'routes/_app/admin.index.tsx',
  '/admin/users': 'routes/_app/admin.users.tsx',
  '/admin/students': 'routes/_app/admin.students.tsx',
  '/admin/inquiries': 'routes/_app/admin.inquiries.tsx',
  '/admin/broadcast': 'routes/_app/admin.broadcast.tsx',
  '/admin/practice-tests': 'routes/_app/admin.practice-tests.index.tsx',
  '/admin/practice-tests/new': 'routes/_app/admin.practice-tests.new.tsx',
  '/admin/practice-tests/$formId': 'routes/_app/admin.practice-tests.$formId.tsx',
}

function manifest() {
  const chunks: Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }> = {
    'index.html': {
      file: 'assets/app.js',
      imports: ['_vendor-react.js'],
      dynamicImports: ['router.tsx', 'lib/zod-jitless.ts'],
    },
    '_vendor-react.js': { file: 'assets/vendor-react.js' },
    'router.tsx': { file: 'assets/router.js', imports: ['_vendor-react.js', '_vendor-tanstack.js'] },
    '_vendor-tanstack.js': { file: 'assets/vendor-tanstack.js' },
    'lib/zod-jitless.ts': { file: 'assets/zod.js' },
    '_record.js': { file: 'assets/record.js', imports: ['_vendor-react.js'] },
    [`routes/_app.tsx?tsr-split=${SPLIT}`]: { file: 'assets/_app.js', imports: ['_vendor-react.js'] },
    [`routes/_marketing.tsx?tsr-split=${SPLIT}`]: { file: 'assets/_marketing.js' },
  }
  for (const [pattern, file] of Object.entries(ROUTE_FILES)) {
    chunks[`${file}?tsr-split=${SPLIT}`] = {
      file: `assets/${pattern.replaceAll('/', '_')}.js`,
      imports:
        pattern === '/dashboard' || pattern === '/students/$uuid'
          ? ['_record.js', 'index.html', '_vendor-tanstack.js']
          : [],
    }
  }
  return chunks
}

describe('the app shell preloads (scripts/prerender/app-preloads.ts)', () => {
  it('lists each route’s layout and own chunks and what they import, less what the entry loads', () => {
    const { fonts, app, routes } = appPreloads(manifest(), ['/assets/inter.woff2'])
    expect(fonts).toEqual(['/assets/inter.woff2'])
    // The router the entry imports after React, with what it adds; never zod, loaded when idle.
    expect(app).toEqual(['/assets/router.js', '/assets/vendor-tanstack.js'])
    expect(Object.keys(routes).sort()).toEqual([...APP_ROUTE_PATTERNS].sort())
    expect(routes['/students/$uuid']).toEqual([
      '/assets/_app.js',
      '/assets/_students_$uuid.js',
      '/assets/record.js',
    ])
    expect(routes['/admin']).toEqual(['/assets/_app.js', '/assets/_admin.js'])
    expect(routes['/onboarding']).toEqual(['/assets/_onboarding.js'])
    expect(routes['/forgot-password']).toEqual(['/assets/_marketing.js', '/assets/_forgot-password.js'])
  })

  it('stops the build when the entry no longer imports the router', () => {
    const chunks = manifest()
    chunks['index.html']!.dynamicImports = []
    expect(() => appPreloads(chunks, [])).toThrow('router.tsx')
  })

  it('stops the build when a route has no component chunk (the plugin renamed its chunks)', () => {
    const chunks = manifest()
    delete chunks[`routes/_app/settings.tsx?tsr-split=${SPLIT}`]
    expect(() => appPreloads(chunks, [])).toThrow('/settings')
  })
})
