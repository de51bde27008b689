/**
 * The path a request is routed by, for every rule that depends on the path (the API's
 * `Cache-Control: no-store`, the API's problem-details 404, the API docs' CSP, what the request
 * log keeps): without the query, from an absolute-form target too, and percent-decoded as the
 * router decodes it, so `/%61pi/v1/…` is the API as `/api/v1/…` is. A rule that tested the raw
 * URL was skipped by an encoded path.
 */
export function requestPath(url: string): string {
  let target = url
  if (!target.startsWith('/')) {
    try {
      target = new URL(target).pathname
    } catch {
      return '/'
    }
  }
  const path = target.split(/[?#]/)[0] || '/'
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/')
