import { describe, expect, it } from 'vitest'
import { guardianInviteToast, guardianInviteWords } from '../../src/web/lib/invite-mail-outcome'

const email = 'parent@example.test'

describe('what a guardian invite says about its email', () => {
  it('says "emailed" only when the mail server took it', () => {
    expect(guardianInviteWords(email, 'sent')).toMatch(/^Invite emailed to parent@example\.test\./)
    expect(guardianInviteToast(email, 'sent')).toBe('Invite emailed to parent@example.test')
    expect(guardianInviteToast(email, 'sent', true)).toBe('Invite emailed again to parent@example.test')
  })

  it('says the outbox or a failure plainly, and to share the link', () => {
    const outbox = guardianInviteWords(email, 'outbox')
    expect(outbox).toContain("put in the server's outbox, not sent")
    expect(outbox).not.toContain('emailed')
    expect(guardianInviteWords(email, 'failed')).toContain('could not be sent')
    expect(guardianInviteToast(email, 'outbox', true)).toBe(
      'Invite for parent@example.test put in the outbox again',
    )
    expect(guardianInviteToast(email, 'failed')).toBe(
      'Invite created; the email to parent@example.test could not be sent',
    )
  })
})
