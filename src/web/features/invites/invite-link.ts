/** The link an invitee follows (docs/product.md#invites-and-sign-up): the login page with the invite's uuid. */
export const inviteLink = (uuid: string, origin: string = window.location.origin) =>
  `${origin}/login?invite=${encodeURIComponent(uuid)}`
