import { renderMarkdown } from '../../../shared/markdown'

/**
 * The only place in the web app where text becomes HTML. It is safe because the HTML is never
 * taken from the input: `renderMarkdown` (markdown-it with `html: false`) escapes every tag people
 * type, keeps only http(s) and mailto links, and shows images as links (ADR 023; its unit tests
 * prove scripts, event handlers and `javascript:` links come out inert). Do not insert HTML
 * anywhere else: route other text through this component.
 */
export default function MarkdownHtml({ source, className }: { source: string; className: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it output from escaped text (ADR 023)
  return <div className={className} dangerouslySetInnerHTML={{ __html: renderMarkdown(source) }} />
}
