import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { prerenderToNodeStream } from 'react-dom/static'
import { describe, expect, it } from 'vitest'
import { MarkdownView } from '../../src/web/components/ui/markdown-view'
import MarkdownHtml from '../../src/web/components/ui/markdown-view-impl'

/** The HTML React produces for MarkdownView once its lazy renderer has loaded. */
async function render(source: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(createElement(MarkdownView, { source }))
  let html = ''
  for await (const chunk of prelude) html += chunk
  return html
}

describe('MarkdownView: the one place the web app inserts HTML (ADR 023)', () => {
  it('renders Markdown with underlined links that open in a new tab', async () => {
    const html = await render('**Algebra** today. [Practice test](https://example.com/test)')
    expect(html).toContain('<strong>Algebra</strong>')
    expect(html).toContain('href="https://example.com/test"')
    expect(html).toContain('rel="noopener noreferrer"')
    expect(html).toContain('[&amp;_a]:underline')
  })

  it('shows a <script> and an event handler as text, never as elements', async () => {
    const html = await render('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>')
    expect(html).not.toMatch(/<script|<img/i)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('leaves a javascript: link inert (no link at all)', async () => {
    for (const source of ['[click](javascript:alert(1))', '[click](&#106;avascript:alert(1))']) {
      const html = await render(source)
      expect(html).not.toContain('href')
      expect(html).not.toMatch(/javascript:alert\(1\)"/)
    }
  })

  it('renders the same through the renderer component directly', () => {
    const html = renderToStaticMarkup(createElement(MarkdownHtml, { source: '<b>x</b>', className: '' }))
    expect(html).toBe('<div class=""><p>&lt;b&gt;x&lt;/b&gt;</p>\n</div>')
  })
})
