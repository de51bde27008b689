import { DownloadLinks } from '../../../components/ui/download-links'

/**
 * /settings "Your data": a copy of everything the product holds that this person may read, as a
 * file (plain links: the browser sends the session cookie and saves what the server names).
 */
export function YourData({ twoFactorFirst }: { twoFactorFirst: boolean }) {
  return (
    <section aria-labelledby="your-data-heading" className="card flex flex-col gap-4 p-4 sm:p-6">
      <div>
        <h2 id="your-data-heading" className="text-xl font-semibold">
          Your data
        </h2>
        <p className="text-ink-muted">
          Download a copy of your account, your signed-in devices, the records you can read here and the
          changes you made.
        </p>
      </div>
      {twoFactorFirst ? (
        <p className="text-ink-muted">Set up two-factor above to download your data.</p>
      ) : (
        <DownloadLinks href="/api/v1/users/me/export" />
      )}
    </section>
  )
}
