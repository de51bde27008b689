import { BRAND } from '../../../shared/brand'
import { MAIN_LINKS, SERVICE_LINKS } from '../nav'

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

/** The marketing footer: contact details, the legal link and the site map in short. */
export function SiteFooter({ year }: { year: number }) {
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div>
          <p className="text-lg font-bold text-ink">{BRAND.name}</p>
          <p className="mt-1 max-w-sm text-ink-muted">{BRAND.tagline}</p>
          <ul className="mt-3 text-ink-muted">
            <li>
              <a href={`mailto:${BRAND.email}`} className="inline-flex min-h-11 items-center">
                {BRAND.email}
              </a>
            </li>
            <li>
              <a href={telHref(BRAND.phone)} className="inline-flex min-h-11 items-center">
                {BRAND.phone}
              </a>
            </li>
            <li>Monday to Friday, 9 am to 7 pm; Saturday, 9 am to 1 pm (Eastern)</li>
          </ul>
        </div>
        <FooterLinks label="Services" links={SERVICE_LINKS} />
        <FooterLinks
          label="Company"
          links={[...MAIN_LINKS, { href: '/legal', label: 'Terms and privacy' }]}
        />
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-4 text-sm text-ink-muted sm:px-6">
          © {year} {BRAND.name}. SAT is a trademark of the College Board and ACT is a trademark of ACT
          Education Corp.; neither is affiliated with {BRAND.name}.
        </p>
      </div>
    </footer>
  )
}

function FooterLinks({ label, links }: { label: string; links: readonly { href: string; label: string }[] }) {
  return (
    <nav aria-label={label}>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-ink-muted">{label}</h2>
      <ul className="mt-2">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className="inline-flex min-h-11 items-center">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
