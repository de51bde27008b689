import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { Marked } from 'marked'
import { z } from 'zod'
import type { BlogPost } from '../../src/web/site/blog'

/**
 * Blog posts: Markdown with a front-matter block of `key: value` lines, rendered at build time
 * with marked (ADR 014). The front matter is checked, so a typo stops the build, not a page.
 */
const frontMatterSchema = z.strictObject({
  title: z.string().min(10).max(110),
  description: z.string().min(50).max(200),
  date: z.iso.date(),
  author: z.string().min(3),
  authorRole: z.string().min(3),
})

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const WORDS_PER_MINUTE = 230

const marked = new Marked({ gfm: true })
// Headings get ids for in-page links; a table scrolls inside its own box on a phone.
marked.use({
  renderer: {
    heading({ tokens, depth }) {
      const text = this.parser.parseInline(tokens)
      const id = text
        .replace(/<[^>]+>/g, '')
        .toLowerCase()
        .replace(/&[a-z]+;|&#\d+;/g, '')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
      return `<h${depth} id="${id}">${text}</h${depth}>\n`
    },
    table(token) {
      const header = token.header
        .map((cell) => `<th scope="col">${this.parser.parseInline(cell.tokens)}</th>`)
        .join('')
      const rows = token.rows
        .map(
          (row) =>
            `<tr>${row.map((cell) => `<td>${this.parser.parseInline(cell.tokens)}</td>`).join('')}</tr>`,
        )
        .join('\n')
      return `<div class="table-scroll" tabindex="0" role="region" aria-label="Table"><table><thead><tr>${header}</tr></thead><tbody>${rows}</tbody></table></div>\n`
    },
  },
})

export function parsePost(slug: string, source: string): BlogPost {
  if (!SLUG.test(slug))
    throw new Error(`content/blog/${slug}.md: the file name must be a lowercase-dashed slug`)
  const match = source.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/)
  if (!match) throw new Error(`content/blog/${slug}.md: no front matter (--- … ---) at the top`)
  const fields: Record<string, string> = {}
  for (const line of match[1]!.split('\n')) {
    if (line.trim() === '') continue
    const pair = line.match(/^([A-Za-z]+):\s*(.*)$/)
    if (!pair) throw new Error(`content/blog/${slug}.md: front matter line "${line}" is not "key: value"`)
    fields[pair[1]!] = pair[2]!.replace(/^"(.*)"$/, '$1')
  }
  const parsed = frontMatterSchema.safeParse(fields)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`content/blog/${slug}.md: ${problems.join('; ')}`)
  }
  const markdown = match[2]!
  const words = markdown.split(/\s+/).filter(Boolean).length
  return {
    slug,
    ...parsed.data,
    readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    html: marked.parse(markdown, { async: false }),
  }
}

/** Every post in `dir`, newest first. */
export function loadPosts(dir: string): BlogPost[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => parsePost(file.replace(/\.md$/, ''), readFileSync(path.join(dir, file), 'utf8')))
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
}
