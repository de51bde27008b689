export function serverNodeFlags(packageJson?: string): string[]
