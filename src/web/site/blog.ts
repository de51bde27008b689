/** A blog post as the pages need it; scripts/prerender/blog.ts reads them from content/blog/. */
export interface BlogPost {
  slug: string
  title: string
  description: string
  /** Publication date, YYYY-MM-DD. */
  date: string
  author: string
  authorRole: string
  readingMinutes: number
  /** The body, rendered from Markdown at build time. */
  html: string
}

export const postPath = (slug: string) => `/blog/posts/${slug}`

/** A calendar date as "November 3, 2026" (a plain date: formatted in UTC so it never shifts). */
export function formatPostDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`))
}
