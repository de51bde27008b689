/**
 * What someone typed, quoted in a plain-text email: its first `characters` (an ellipsis when cut),
 * each line marked "> ". Never markup: what people typed reaches no mail client as HTML.
 */
export function quoteLines(text: string, characters: number): string[] {
  const cut = [...text].length > characters ? `${[...text].slice(0, characters).join('')}…` : text
  return cut.split(/\r?\n/).map((line) => `> ${line}`)
}
