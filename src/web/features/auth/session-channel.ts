/**
 * The channel the app's tabs, and the login page's island, tell each other about logins and
 * logouts on. One channel object per page: it does not hear its own messages, only the others'.
 * No framework here: the prerendered /login imports it too (ADR 036).
 */
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('crestline-session')

/** Tells the other tabs that someone logged in or out here. */
export function announceSessionChange(): void {
  channel?.postMessage('changed')
}

/** Calls `listener` when another tab says someone logged in or out; returns the way to stop. */
export function onSessionChange(listener: () => void): () => void {
  channel?.addEventListener('message', listener)
  return () => channel?.removeEventListener('message', listener)
}
