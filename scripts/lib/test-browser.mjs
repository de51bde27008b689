/**
 * The browser the Playwright tests launch (ADR 054): Debian's old headless shell
 * (`chromium-headless-shell`), the same Blink as the Chromium package without a browser's user
 * interface, at about half the CPU per page. `CHROMIUM_PATH` picks another binary.
 */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'
export const HEADLESS_SHELL_PACKAGE = 'chromium-headless-shell'

export const testBrowserPath = () => process.env.CHROMIUM_PATH ?? HEADLESS_SHELL
