import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { loadPublicPages, sendPublicPage } from '../../src/server/plugins/public-pages'

const dir = mkdtempSync(path.join(tmpdir(), 'crestline-pages-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
writeFileSync(
  path.join(dir, 'manifest.json'),
  JSON.stringify([
    { path: '/', file: 'index.html', contentType: 'text/html; charset=utf-8', status: 200 },
    { path: '/404', file: '404.html', contentType: 'text/html; charset=utf-8', status: 404 },
  ]),
)
writeFileSync(
  path.join(dir, 'index.html'),
  '<link rel="canonical" href="%APP_ORIGIN%/"><img src="%IMAGES_BASE_URL%/hero.svg">',
)
writeFileSync(path.join(dir, '404.html'), '<h1>Not Found</h1>')

describe('loadPublicPages', () => {
  it('fills in the origin and the image host, and gives each page an ETag', () => {
    const pages = loadPublicPages(dir, {
      appOrigin: 'https://crestline.example',
      imagesBaseUrl: 'https://cdn.example/site/',
    })
    expect(pages.get('/')!.body).toBe(
      '<link rel="canonical" href="https://crestline.example/"><img src="https://cdn.example/site/hero.svg">',
    )
    expect(pages.get('/')!.etag).toMatch(/^W\/"[\w-]{27}"$/)
    expect(pages.get('/404')!.status).toBe(404)
  })

  it('is empty when nothing was built', () => {
    expect(
      loadPublicPages(path.join(dir, 'missing'), { appOrigin: 'x', imagesBaseUrl: '/images' }).size,
    ).toBe(0)
  })
})

describe('sendPublicPage', () => {
  it('answers no-cache with the ETag, and 304 when the browser already has it', async () => {
    const page = loadPublicPages(dir, { appOrigin: 'http://localhost', imagesBaseUrl: '/images' }).get('/')!
    const app = Fastify()
    app.get('/', (request, reply) => sendPublicPage(request, reply, page))
    const first = await app.inject({ url: '/' })
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe('no-cache')
    expect(first.headers.etag).toBe(page.etag)
    expect(first.body).toContain('src="/images/hero.svg"')
    const again = await app.inject({ url: '/', headers: { 'if-none-match': page.etag } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    await app.close()
  })
})
