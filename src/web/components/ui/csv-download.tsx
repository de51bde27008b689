import type { ReactNode } from 'react'
import { DownloadIcon } from './icons'

/** A CSV file the server makes on request; the session cookie goes with a plain link. */
export function CsvDownload({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} download className="btn btn-secondary btn-small no-underline">
      <DownloadIcon className="size-4" />
      {children}
    </a>
  )
}
