import type { ReactNode } from 'react'
import { DownloadIcon } from './icons'

/** A file the server makes on request (CSV, JSON, a page); the session cookie goes with a plain link. */
export function FileDownload({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} download className="btn btn-secondary btn-small no-underline">
      <DownloadIcon className="size-4" />
      {children}
    </a>
  )
}
