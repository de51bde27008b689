import { BRAND } from '../../../shared/brand'
import { currentFor, MAIN_LINKS, SERVICE_LINKS } from '../nav'

function ChevronDown() {
  return (
    <svg aria-hidden="true" focusable="false" width={16} height={16} viewBox="0 0 20 20" fill="currentColor">
      <path
        fillRule="evenodd"
        d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
      />
    </svg>
  )
}

/**
 * The marketing header. "Log in" and "Open workspace" are both in the page; the head's inline
 * script marks a probably-logged-in visitor, and the stylesheet shows the one that fits.
 * Menus are `<details>` elements, so they open and close before (or
 * without) JavaScript; the site script only closes them on Escape or a click elsewhere.
 */
export function SiteHeader({ currentPath, showLogin = true }: { currentPath: string; showLogin?: boolean }) {
  const inServices = currentPath.startsWith('/services/')
  return (
    <header className="site-header border-b border-line bg-surface">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <a href="/" className="flex min-h-11 items-center gap-2 text-lg font-bold text-ink no-underline">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {BRAND.name}
        </a>
        <nav aria-label="Site" className="hidden md:block">
          <ul className="flex items-center gap-1">
            <li>
              <details className="menu relative" data-menu>
                <summary className={`nav-link ${inServices ? 'nav-link-current' : ''}`}>
                  Services <ChevronDown />
                </summary>
                <ul className="menu-panel absolute left-0 top-full z-20 mt-2 w-64 p-2">
                  {SERVICE_LINKS.map((link) => (
                    <li key={link.href}>
                      <a
                        href={link.href}
                        className="menu-item"
                        aria-current={currentFor(link.href, currentPath)}
                      >
                        {link.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
            {MAIN_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="nav-link" aria-current={currentFor(link.href, currentPath)}>
                  {link.label}
                </a>
              </li>
            ))}
            {showLogin ? (
              <li className="ml-2">
                <a href="/login" className="btn btn-secondary logged-out-only">
                  Log in
                </a>
                <a href="/dashboard" className="btn btn-secondary logged-in-only">
                  Open workspace
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
        <details className="menu md:hidden" data-menu>
          <summary className="btn btn-secondary">
            Menu <ChevronDown />
          </summary>
          <nav aria-label="Site menu" className="menu-panel absolute inset-x-3 top-16 z-20 p-2">
            <ul>
              {[...SERVICE_LINKS, ...MAIN_LINKS].map((link) => (
                <li key={link.href}>
                  <a href={link.href} className="menu-item" aria-current={currentFor(link.href, currentPath)}>
                    {link.label}
                  </a>
                </li>
              ))}
              {showLogin ? (
                <li className="mt-2 border-t border-line pt-2">
                  <a href="/login" className="menu-item logged-out-only">
                    Log in
                  </a>
                  <a href="/dashboard" className="menu-item logged-in-only">
                    Open workspace
                  </a>
                </li>
              ) : null}
            </ul>
          </nav>
        </details>
      </div>
    </header>
  )
}
