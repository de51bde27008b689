export const HEADLESS_SHELL: string
export const HEADLESS_SHELL_PACKAGE: string
export function testBrowserPath(): string
