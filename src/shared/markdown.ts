import MarkdownIt from 'markdown-it'

/**
 * Markdown that people type (session notes, later task details) rendered to HTML that is safe to
 * insert: one renderer for the server and the web (ADR 023).
 *
 * - `html: false`: raw HTML in the source is escaped and shown as text, never parsed.
 * - Links and images only to http(s) and mailto; anything else (`javascript:`, `data:`, `vbscript:`,
 *   relative paths) stays as plain text.
 * - Every link opens in a new tab with `rel="noopener noreferrer"`; images are shown as their
 *   link, never loaded (a remote image would tell its host who read the note, and when).
 */
const SAFE_LINK = /^(https?:\/\/|mailto:)/i

const markdown = new MarkdownIt('commonmark', { html: false, linkify: false, typographer: false })
markdown.validateLink = (url: string) => SAFE_LINK.test(url.trim())

markdown.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  const token = tokens[index]!
  token.attrSet('rel', 'noopener noreferrer')
  token.attrSet('target', '_blank')
  return self.renderToken(tokens, index, options)
}

markdown.renderer.rules.image = (tokens, index) => {
  const token = tokens[index]!
  const src = token.attrGet('src') ?? ''
  const alt = markdown.utils.escapeHtml(token.content || src)
  return `<a href="${markdown.utils.escapeHtml(src)}" rel="noopener noreferrer" target="_blank">${alt}</a>`
}

/** Markdown to sanitized HTML (see above). */
export function renderMarkdown(source: string): string {
  return markdown.render(source)
}

/**
 * The words of a Markdown source without its marks ("**1450**, her best" → "1450, her best"), in
 * one line, cut at `max` characters with an ellipsis: for previews that show no formatting.
 */
export function markdownExcerpt(source: string, max: number): string {
  const words: string[] = []
  for (const block of markdown.parse(source, {})) {
    if (block.type !== 'inline') continue
    const text = (block.children ?? [])
      .map((token) =>
        token.type === 'text' || token.type === 'code_inline'
          ? token.content
          : token.type === 'softbreak' || token.type === 'hardbreak'
            ? ' '
            : '',
      )
      .join('')
    if (text.trim()) words.push(text.trim())
  }
  const line = words.join(' ').replace(/\s+/g, ' ')
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`
}
