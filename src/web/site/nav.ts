/** The public site's navigation, shared by the prerendered pages and the app's marketing layout. */
export const SERVICE_LINKS = [
  { href: '/services/tutoring', label: 'SAT and ACT tutoring', short: 'Tutoring' },
  { href: '/services/essays', label: 'College essay coaching', short: 'Essays' },
  { href: '/services/admissions', label: 'Admissions coaching', short: 'Admissions' },
] as const

export const MAIN_LINKS = [
  { href: '/about-us', label: 'About' },
  { href: '/blog', label: 'Blog' },
  { href: '/contact-us', label: 'Contact' },
] as const

/** `aria-current` for a link: the page itself, or (for sections such as the blog) a page inside it. */
export function currentFor(href: string, currentPath: string): 'page' | undefined {
  return currentPath === href || (href !== '/' && currentPath.startsWith(`${href}/`)) ? 'page' : undefined
}
