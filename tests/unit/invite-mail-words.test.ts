import { describe, expect, it } from 'vitest'
import type { SentInvite } from '../../src/shared/invites'
import { inviteCreatedStatus, inviteResentToast } from '../../src/web/features/invites/invite-mail-words'

const invite = (fields: Partial<SentInvite>): SentInvite => ({
  uuid: '00000000-0000-4000-8000-000000000001',
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-03-15T10:00:00.000Z',
  student: false,
  educator: true,
  fao: false,
  admin: false,
  email: 'new@example.test',
  status: 'available',
  ...fields,
})

describe('what an admin is told about an invite email', () => {
  it('says "emailed" only when the mail server took it', () => {
    const sent = invite({ mail: 'sent' })
    expect(inviteCreatedStatus(sent)).toBe(
      'Invite for Educator created and emailed to new@example.test. Only that address can use it.',
    )
    expect(inviteResentToast(sent, 'Mar 15')).toBe(
      'Invite emailed again to new@example.test; it now expires Mar 15',
    )
  })

  it('says the email was put in the outbox, and never that it was emailed, when the server keeps mail there', () => {
    const kept = invite({ mail: 'outbox' })
    for (const words of [inviteCreatedStatus(kept), inviteResentToast(kept, 'Mar 15')]) {
      expect(words).toContain('outbox')
      expect(words).not.toContain('emailed')
    }
  })

  it('says a failed email failed, and an invite without an email is only created', () => {
    expect(inviteCreatedStatus(invite({ mail: 'failed' }))).toContain('could not be sent')
    expect(inviteCreatedStatus(invite({ email: null }))).toContain('Anyone with the link can use it')
  })
})
