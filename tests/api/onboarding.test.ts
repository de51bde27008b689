import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBootstrapInvite } from '../../src/server/modules/invites/bootstrap'
import { createTestApp, sessionCookie, type TestApp } from '../helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('onboarding', () => {
  it('sets the name and clears the flag; the current user then shows it', async () => {
    const user = await t.userWith({ roles: ['student'], onboarded: false })
    const blocked = await t.request({
      method: 'GET',
      url: '/api/v1/user-invites/00000000-0000-4000-8000-000000000000',
      cookie: user.cookie,
    })
    expect(blocked.statusCode).toBe(404) // public routes stay open
    const response = await t.request({
      method: 'POST',
      url: `/api/v1/users/${user.id}/onboard`,
      cookie: user.cookie,
      payload: { name: '  Maya Chen  ' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      name: 'Maya Chen',
      onboardingRequired: false,
      profileStudent: { satScoresHistorical: [], actScoresHistorical: [] },
    })
  })

  it('requires a bio from educators and a name from everyone', async () => {
    const educator = await t.userWith({ roles: ['educator'], onboarded: false })
    const url = `/api/v1/users/${educator.id}/onboard`
    const noBio = await t.request({
      method: 'POST',
      url,
      cookie: educator.cookie,
      payload: { name: 'Dev Patel' },
    })
    expect(noBio.statusCode).toBe(400)
    expect(noBio.json().errors).toEqual([{ path: 'bio', message: 'This field is required.' }])
    const noName = await t.request({
      method: 'POST',
      url,
      cookie: educator.cookie,
      payload: { name: '   ', bio: 'x' },
    })
    expect(noName.json().errors).toEqual([{ path: 'name', message: 'This field is required.' }])
    const ok = await t.request({
      method: 'POST',
      url,
      cookie: educator.cookie,
      payload: { name: 'Dev Patel', bio: 'SAT math.' },
    })
    expect(ok.json()).toMatchObject({ name: 'Dev Patel', profileEducator: { bio: 'SAT math.' } })
  })
})

describe('the first admin', () => {
  it('keeps one bootstrap invite until an admin exists, then voids it', async () => {
    const fresh = await createTestApp()
    try {
      const first = await ensureBootstrapInvite(fresh.db)
      expect(first).toBeTruthy()
      expect(await ensureBootstrapInvite(fresh.db)).toBe(first)
      const signUp = await fresh.request({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: 'owner@example.test', password: 'a long password', name: '', invite: first },
      })
      expect(signUp.statusCode).toBe(200)
      const me = await fresh.request({
        method: 'GET',
        url: '/api/v1/users/me',
        cookie: sessionCookie(signUp.headers['set-cookie']),
      })
      expect(me.json().profileAdmin).toEqual({})
      expect(await ensureBootstrapInvite(fresh.db)).toBeNull()
    } finally {
      await fresh.close()
    }
  })
})
