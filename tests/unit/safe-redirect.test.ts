import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from '../../src/shared/safe-redirect'

const STUDENT = '/students/0b6f3a52-8f0e-4a8e-9d7c-3c1e2f4a5b6c'

describe('where to go after logging in', () => {
  it.each([
    [STUDENT, STUDENT],
    ['/admin/users', '/admin/users'],
    ['/users?role=student', '/users?role=student'],
    ['/students/abc#documents', '/students/abc#documents'],
  ])('keeps the app path %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected)
  })

  it.each([
    ['an absolute URL', 'https://evil.example/students'],
    ['a scheme-relative URL', '//evil.example'],
    ['three slashes', '///evil.example'],
    ['a backslash after the slash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a backslash later on', '/students/\\evil'],
    ['javascript:', 'javascript:alert(1)'],
    ['an encoded javascript:', 'javascript%3Aalert(1)'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['encoded slashes first', '%2F%2Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a doubly encoded backslash', '/%255Cevil.example'],
    ['a tab inside', '/\t/evil.example'],
    ['a newline inside', '/\n/evil.example'],
    ['a leading space', ' /students'],
    ['broken encoding', '/students/%E0%A4%A'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['an API path', '/api/v1/users/me'],
    ['a public page', '/about-us'],
    ['an unknown path', '/no-such-page'],
    ['the login page itself', '/login?err=login-required'],
    ['onboarding', '/onboarding'],
    ['a number', 404],
    ['nothing', undefined],
    ['an empty string', ''],
  ])('falls back to /dashboard for %s', (_what, value) => {
    expect(safeRedirectPath(value)).toBe('/dashboard')
  })
})
