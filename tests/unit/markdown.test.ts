import { describe, expect, it } from 'vitest'
import { markdownExcerpt, renderMarkdown } from '../../src/shared/markdown'

describe('renderMarkdown (notes and other text people type)', () => {
  it('renders ordinary Markdown', () => {
    expect(renderMarkdown('**Bold** and _em_\n\n- one\n- two')).toBe(
      '<p><strong>Bold</strong> and <em>em</em></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n',
    )
  })

  it('shows raw HTML as text: a script or an event handler comes out inert', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>')
    expect(html).not.toMatch(/<script|<img/i)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })

  it.each([
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '[x](vbscript:msgbox(1))',
    '<javascript:alert(1)>',
    '[x](/relative/path)',
    '![x](javascript:alert(1))',
  ])('leaves a link that is not http(s) or mailto as text: %s', (source) => {
    const html = renderMarkdown(source)
    expect(html).not.toContain('<a ')
    expect(html).not.toContain('href')
  })

  it('opens http(s) and mailto links with rel="noopener noreferrer"', () => {
    expect(renderMarkdown('[Plan](https://example.com/a?b=1&c=2)')).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">Plan</a></p>\n',
    )
    expect(renderMarkdown('[Mail](mailto:coach@example.com)')).toContain('rel="noopener noreferrer"')
  })

  it('never loads a remote image: it becomes a link to it', () => {
    const html = renderMarkdown('![chart](https://example.com/c.png)')
    expect(html).not.toContain('<img')
    expect(html).toContain(
      '<a href="https://example.com/c.png" rel="noopener noreferrer" target="_blank">chart</a>',
    )
  })

  it('escapes quotes in link text and titles', () => {
    const html = renderMarkdown('[a" onmouseover="x](https://example.com "t\\" onclick=\\"y")')
    expect(html).not.toMatch(/ on\w+="/)
    expect(html).toContain('title="t&quot; onclick=&quot;y"')
  })
})

describe('markdownExcerpt (previews without formatting)', () => {
  it('keeps the words, drops the marks, and keeps markup people typed as text', () => {
    const source =
      '# Session\n\nPractice test 6: **1450**, her _best_ yet.\n- [plan](https://example.com)\n- `<b>x</b>`'
    expect(markdownExcerpt(source, 160)).toBe('Session Practice test 6: 1450, her best yet. plan <b>x</b>')
  })

  it('cuts at the limit with an ellipsis', () => {
    const cut = markdownExcerpt('word '.repeat(100), 20)
    expect(cut).toHaveLength(20)
    expect(cut.endsWith('…')).toBe(true)
    expect(markdownExcerpt('short', 20)).toBe('short')
  })
})
