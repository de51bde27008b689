import { FileDownload } from './file-download'

/** "Download as JSON" and "Download as a readable page" for one export route. */
export function DownloadLinks({ href }: { href: string }) {
  return (
    <div className="flex flex-wrap gap-3">
      <FileDownload href={`${href}?format=json`}>Download as JSON</FileDownload>
      <FileDownload href={`${href}?format=html`}>Download as a readable page</FileDownload>
    </div>
  )
}
