/** Query keys of the invites feature; every invite change invalidates `inviteKeys.all`. */
export const inviteKeys = {
  all: ['user-invites'] as const,
  list: () => ['user-invites', 'list'] as const,
}
