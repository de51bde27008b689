/** Types for `build-state.mjs`, so TypeScript scripts (the bench) can import it. */
export declare const STAMP: string
export declare function buildIsStale(root?: string): 'missing' | 'older than the sources' | null
export declare function markBuilt(root?: string): void
