/** The link an invitee follows (DESIGN.md section 4): the login page with the invite's uuid. */
export const inviteLink = (uuid: string, origin: string = window.location.origin) =>
  `${origin}/login?invite=${encodeURIComponent(uuid)}`
