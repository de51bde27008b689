import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { IMAGES_TOKEN, ORIGIN_TOKEN, type PrerenderedFile } from '../../shared/public-site'

/** A prerendered public page or feed, ready to send: origin and image host filled in, ETag made. */
export interface PublicPage {
  body: string
  etag: string
  contentType: string
  status: number
}

/**
 * Loads `dist/pages` (written by scripts/prerender at build time) into memory, filling in the
 * origin and IMAGES_BASE_URL that the build could not know (ADR 013). Empty when not built.
 */
export function loadPublicPages(
  pagesDir: string,
  settings: { appOrigin: string; imagesBaseUrl: string },
): Map<string, PublicPage> {
  const pages = new Map<string, PublicPage>()
  const manifestFile = path.join(pagesDir, 'manifest.json')
  if (!existsSync(manifestFile)) return pages
  const files = JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderedFile[]
  const imagesBase = settings.imagesBaseUrl.replace(/\/$/, '')
  for (const file of files) {
    const body = readFileSync(path.join(pagesDir, file.file), 'utf8')
      .replaceAll(ORIGIN_TOKEN, settings.appOrigin)
      .replaceAll(IMAGES_TOKEN, imagesBase)
    const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
    pages.set(file.path, { body, etag, contentType: file.contentType, status: file.status })
  }
  return pages
}

/** HTML and feeds revalidate on every visit (no-cache + ETag); an unchanged page costs a 304. */
export function sendPublicPage(request: FastifyRequest, reply: FastifyReply, page: PublicPage) {
  reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'accept-encoding')
  if (page.status === 200 && request.headers['if-none-match'] === page.etag) return reply.code(304).send()
  return reply.code(page.status).type(page.contentType).send(page.body)
}
