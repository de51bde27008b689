import { describe, expect, it } from 'vitest'
import type { AuditEvent } from '../../src/shared/audit'
import { auditSentence } from '../../src/shared/audit-sentence'

const event = (fields: Partial<AuditEvent>): AuditEvent => ({
  uuid: '00000000-0000-4000-8000-000000000001',
  createdAt: '2026-03-01T10:00:00.000Z',
  actor: { name: 'Avery Admin', uuid: '00000000-0000-4000-8000-000000000002' },
  action: 'student.archived',
  subjectType: 'student',
  subjectId: '00000000-0000-4000-8000-000000000003',
  subjectName: 'Rosa Student',
  studentId: '00000000-0000-4000-8000-000000000003',
  studentName: 'Rosa Student',
  before: null,
  after: null,
  ...fields,
})

describe('auditSentence', () => {
  it('says who archived or restored whom', () => {
    expect(auditSentence(event({}))).toBe('Avery Admin archived Rosa Student')
    expect(auditSentence(event({ action: 'student.restored' }))).toBe('Avery Admin restored Rosa Student')
  })

  it('says whose email changed and that someone was deleted, without naming them', () => {
    const changed = event({
      action: 'user.email-changed',
      subjectType: 'user',
      subjectName: 'Ezra Educator',
      before: { email: 'ezra@example.test' },
      after: { email: 'ezra.new@example.test' },
    })
    expect(auditSentence(changed)).toBe(
      "Avery Admin changed Ezra Educator's email from ezra@example.test to ezra.new@example.test",
    )
    const deleted = event({ action: 'user.deleted', subjectType: 'user', subjectName: 'Deleted user' })
    expect(auditSentence({ ...deleted, before: { student: true } })).toBe(
      'Avery Admin deleted a student and their record for good',
    )
    expect(auditSentence({ ...deleted, before: { student: false } })).toBe(
      'Avery Admin deleted a person for good',
    )
  })

  it('lists the roles a change added and removed', () => {
    const sentence = auditSentence(
      event({
        action: 'user.roles-changed',
        subjectType: 'user',
        subjectName: 'Ezra Educator',
        before: { roles: ['educator'] },
        after: { roles: ['admin'], removedFromTeams: ['x'] },
      }),
    )
    expect(sentence).toBe("Avery Admin changed Ezra Educator's roles: Admin added, Educator removed")
    expect(auditSentence(event({ action: 'user.roles-changed', before: 'odd', after: null }))).toBe(
      "Avery Admin changed Rosa Student's roles",
    )
  })

  it('describes account, invite, team and inquiry events', () => {
    expect(auditSentence(event({ action: 'user.disabled', subjectName: 'Sol' }))).toBe(
      "Avery Admin disabled Sol's account",
    )
    expect(auditSentence(event({ action: 'user.enabled', subjectName: 'Sol' }))).toBe(
      "Avery Admin enabled Sol's account",
    )
    expect(
      auditSentence(
        event({
          action: 'invite.created',
          subjectType: 'invite',
          subjectName: null,
          after: { educator: true, fao: false, admin: false, student: false, email: 'x@y.test' },
        }),
      ),
    ).toBe('Avery Admin created an invite (Educator, for x@y.test)')
    expect(
      auditSentence(event({ action: 'invite.deleted', subjectName: null, before: { student: true } })),
    ).toBe('Avery Admin deleted an invite (Student)')
    expect(
      auditSentence(
        event({
          action: 'invite.resent',
          subjectName: null,
          before: { roles: ['student', 'fao'], email: null },
          after: { roles: ['student', 'fao'], email: null, expiresAt: '2026-03-15T10:00:00.000Z' },
        }),
      ),
    ).toBe('Avery Admin resent an invite (FAO and Student)')
    expect(auditSentence(event({ action: 'invite.resent', subjectName: null }))).toBe(
      'Avery Admin resent an invite',
    )
    expect(
      auditSentence(
        event({
          action: 'team-member.added',
          subjectName: 'Ezra',
          studentName: null,
          after: { studentName: 'Rosa Student' },
        }),
      ),
    ).toBe("Avery Admin added Ezra to Rosa Student's team")
    expect(
      auditSentence(event({ action: 'team-member.removed', subjectName: 'Ezra', studentName: null })),
    ).toBe("Avery Admin removed Ezra from a student's team")
    expect(auditSentence(event({ action: 'team-member.removed', subjectName: 'Ezra' }))).toBe(
      "Avery Admin removed Ezra from Rosa Student's team",
    )
    expect(auditSentence(event({ action: 'inquiry.handled', subjectName: null }))).toBe(
      'Avery Admin marked an inquiry handled',
    )
    expect(auditSentence(event({ action: 'inquiry.reopened', subjectName: null }))).toBe(
      'Avery Admin reopened an inquiry',
    )
  })

  it('describes guardian links and guardian invites', () => {
    const guardianEvent = (fields: Partial<AuditEvent>) =>
      event({ subjectType: 'user', subjectName: 'Pat Parent', ...fields })
    expect(
      auditSentence(
        guardianEvent({ action: 'guardian.linked', after: { guardianId: 'g', relationship: 'Mother' } }),
      ),
    ).toBe("Avery Admin linked Pat Parent to Rosa Student's family (Mother)")
    expect(
      auditSentence(
        guardianEvent({
          action: 'guardian.accepted',
          actor: { name: 'Pat Parent', uuid: 'g' },
          after: { guardianId: 'g', relationship: 'Mother', inviteId: 'i', invitedById: 'e' },
        }),
      ),
    ).toBe("Pat Parent accepted an invite to Rosa Student's family (Mother)")
    expect(
      auditSentence(
        guardianEvent({ action: 'guardian.unlinked', before: { guardianId: 'g', relationship: 'Mother' } }),
      ),
    ).toBe("Avery Admin removed Pat Parent from Rosa Student's family (Mother)")
    expect(
      auditSentence(guardianEvent({ action: 'guardian.unlinked', studentName: null, before: 'odd' })),
    ).toBe("Avery Admin removed Pat Parent from a student's family")
    expect(
      auditSentence(
        event({
          action: 'invite.created',
          subjectType: 'invite',
          subjectName: null,
          after: { roles: ['guardian'], email: 'pat@y.test', relationship: 'Mother', expiresAt: 'x' },
        }),
      ),
    ).toBe("Avery Admin invited pat@y.test to Rosa Student's family (Mother)")
    expect(
      auditSentence(
        event({
          action: 'invite.deleted',
          subjectType: 'invite',
          subjectName: null,
          studentName: null,
          before: { roles: ['guardian'], email: 'pat@y.test' },
        }),
      ),
    ).toBe("Avery Admin deleted the invite to a student's family for pat@y.test")
  })

  it('names the student once: as "their own" when they acted, not at all on their own record', () => {
    const maya = { uuid: '00000000-0000-4000-8000-000000000003', name: 'Maya Chen' }
    const own = (fields: Partial<AuditEvent>) =>
      event({ actor: maya, subjectName: 'Maya Chen', studentName: 'Maya Chen', ...fields })
    const targets = own({ action: 'targets.changed', after: { sat: 1450, act: null } })
    expect(auditSentence(targets)).toBe('Maya Chen changed their own score targets: SAT 1450, ACT none')
    expect(auditSentence(targets, { onRecord: true })).toBe(
      'Maya Chen changed the score targets: SAT 1450, ACT none',
    )
    const upload = own({
      action: 'document.created',
      subjectType: 'document',
      after: { name: 'Essay draft' },
    })
    expect(auditSentence(upload)).toBe('Maya Chen added the document “Essay draft” on their own record')
    expect(auditSentence(upload, { onRecord: true })).toBe('Maya Chen added the document “Essay draft”')

    // Someone else's change on the record's History: the student goes without saying.
    const onRecord = (fields: Partial<AuditEvent>) => auditSentence(event(fields), { onRecord: true })
    const guardianInvite = { roles: ['guardian'], email: 'pat@y.test', expiresAt: 'x' }
    expect(
      onRecord({
        action: 'invite.created',
        subjectType: 'invite',
        subjectName: null,
        after: { ...guardianInvite, relationship: 'Mother' },
      }),
    ).toBe('Avery Admin invited pat@y.test to the family (Mother)')
    expect(
      onRecord({
        action: 'invite.resent',
        subjectType: 'invite',
        subjectName: null,
        before: guardianInvite,
        after: guardianInvite,
      }),
    ).toBe('Avery Admin resent the invite to the family for pat@y.test')
    expect(
      onRecord({
        action: 'guardian.linked',
        subjectType: 'user',
        subjectName: 'Pat Parent',
        after: { guardianId: 'g', relationship: 'Mother' },
      }),
    ).toBe('Avery Admin linked Pat Parent to the family (Mother)')
    expect(onRecord({ action: 'targets.changed', after: { sat: null, act: 33 } })).toBe(
      'Avery Admin changed the score targets: SAT none, ACT 33',
    )
    expect(
      onRecord({ action: 'score.added', subjectType: 'score', after: { test: 'ACT', date: '2025-03-08' } }),
    ).toBe('Avery Admin added an ACT score of Mar 8, 2025')
    expect(
      onRecord({ action: 'college.created', subjectType: 'college', after: { name: 'Tufts University' } }),
    ).toBe('Avery Admin added “Tufts University” to the college list')
    expect(
      onRecord({
        action: 'note.created',
        subjectType: 'note',
        subjectName: null,
        after: { date: '2026-03-01', visibility: 'shared' },
      }),
    ).toBe('Avery Admin wrote a shared note on the session of Mar 1, 2026')
    expect(
      onRecord({
        action: 'team-member.added',
        subjectType: 'user',
        subjectName: 'Nia Educator',
        after: { memberId: 'n' },
      }),
    ).toBe('Avery Admin added Nia Educator to the team')
  })

  it('names a message by its conversation, never by its words', () => {
    const message = { kind: 'staff', characters: 12, attachmentIds: [] }
    const messageEvent = (fields: Partial<AuditEvent>) =>
      event({ subjectType: 'message', subjectName: null, ...fields })
    expect(auditSentence(messageEvent({ action: 'message.posted', after: message }))).toBe(
      "Avery Admin wrote a message in Rosa Student's Staff conversation",
    )
    expect(
      auditSentence(
        messageEvent({ action: 'message.posted', after: { ...message, kind: 'family', broadcast: true } }),
        { onRecord: true },
      ),
    ).toBe('Avery Admin broadcast a message in the Family conversation')
    expect(auditSentence(messageEvent({ action: 'message.edited', before: message, after: message }))).toBe(
      "Avery Admin edited a message in Rosa Student's Staff conversation",
    )
    expect(auditSentence(messageEvent({ action: 'message.deleted', studentName: null, before: {} }))).toBe(
      "Avery Admin deleted a message in a student's conversation",
    )
  })

  it('describes note changes without repeating the text', () => {
    const note = { date: '2026-03-01', durationMinutes: 60, visibility: 'internal', body: 'secret words' }
    const noteEvent = (fields: Partial<AuditEvent>) =>
      event({ subjectType: 'note', subjectName: null, ...fields })
    expect(auditSentence(noteEvent({ action: 'note.created', after: note }))).toBe(
      "Avery Admin wrote an internal note on Rosa Student's session of Mar 1, 2026",
    )
    expect(
      auditSentence(
        noteEvent({ action: 'note.updated', before: note, after: { ...note, visibility: 'shared' } }),
      ),
    ).toBe(
      "Avery Admin edited a shared note on Rosa Student's session of Mar 1, 2026, now shared with the family",
    )
    expect(auditSentence(noteEvent({ action: 'note.updated', before: note, after: note }))).toBe(
      "Avery Admin edited an internal note on Rosa Student's session of Mar 1, 2026",
    )
    expect(
      auditSentence(noteEvent({ action: 'note.deleted', studentName: null, before: { date: 'nope' } })),
    ).toBe('Avery Admin deleted a note on a session')
    for (const action of ['note.created', 'note.updated', 'note.deleted']) {
      expect(auditSentence(noteEvent({ action, before: note, after: note }))).not.toContain('secret')
    }
  })

  it('describes document, task and college changes on a record', () => {
    const item = (action: string, before: unknown, after: unknown) =>
      auditSentence(event({ action, subjectType: action.split('.')[0], subjectName: null, before, after }))
    const doc = { name: 'Essay draft', url: 'https://x.example', hidden: false, pinned: false }
    expect(item('document.created', null, doc)).toBe(
      "Avery Admin added the document “Essay draft” on Rosa Student's record",
    )
    expect(item('document.updated', doc, { ...doc, hidden: true, pinned: true })).toBe(
      "Avery Admin edited the document “Essay draft” on Rosa Student's record, now hidden and now pinned",
    )
    expect(item('document.deleted', { ...doc, name: '' }, null)).toBe(
      "Avery Admin deleted a document on Rosa Student's record",
    )
    const task = { title: 'Practice test 3', status: 'open' }
    expect(item('task.updated', task, { ...task, status: 'done' })).toBe(
      "Avery Admin marked the task “Practice test 3” on Rosa Student's record done",
    )
    expect(item('task.updated', { ...task, status: 'done' }, task)).toContain('reopened the task')
    expect(item('task.deleted', task, null)).toBe(
      "Avery Admin deleted the task “Practice test 3” on Rosa Student's record",
    )
    expect(item('college.created', null, { name: 'Reed College' })).toBe(
      "Avery Admin added “Reed College” to Rosa Student's college list",
    )
    const tufts = {
      name: 'Tufts University',
      round: 'RD',
      deadline: null,
      status: 'applying',
      notes: null,
      costOfAttendance: 88000,
      aidOffered: null,
    }
    expect(item('college.updated', tufts, { ...tufts, costOfAttendance: 89500, aidOffered: 42000 })).toBe(
      "Avery Admin edited “Tufts University” on Rosa Student's college list: cost of attendance $88,000 to $89,500, aid offered none to $42,000",
    )
    expect(item('college.updated', tufts, { ...tufts, notes: 'Visit in April' })).toBe(
      "Avery Admin edited “Tufts University” on Rosa Student's college list",
    )
    expect(item('college.deleted', 'odd', null)).toBe(
      "Avery Admin removed an entry from Rosa Student's college list",
    )
  })

  it('describes score changes and targets', () => {
    const score = { test: 'SAT', date: '2025-03-08', english: 600, math: 650, source: 'practice' }
    expect(auditSentence(event({ action: 'score.added', subjectType: 'score', after: score }))).toBe(
      "Avery Admin added an SAT score of Mar 8, 2025 (practice) on Rosa Student's record",
    )
    expect(
      auditSentence(
        event({
          action: 'score.deleted',
          subjectType: 'score',
          before: { ...score, test: 'ACT', source: 'official' },
        }),
      ),
    ).toBe("Avery Admin deleted an ACT score of Mar 8, 2025 on Rosa Student's record")
    expect(auditSentence(event({ action: 'targets.changed', after: { sat: 1450, act: null } }))).toBe(
      "Avery Admin changed Rosa Student's score targets: SAT 1450, ACT none",
    )
  })

  it('describes tutoring sessions by their day where they take place', () => {
    const session = {
      educatorId: '00000000-0000-4000-8000-000000000004',
      service: 'tutoring',
      // 21:30 in New York is already the next day in UTC: the line says the local day.
      startsAt: '2026-03-10T01:30:00.000Z',
      durationMinutes: 60,
      timeZone: 'America/New_York',
      location: { kind: 'online', detail: 'https://meet.example.com/a' },
      agenda: null,
      status: 'scheduled',
      seriesId: null,
    }
    const line = (action: string, before: object | null, after: object | null, onRecord = false) =>
      auditSentence(event({ action, subjectType: 'session', before, after }), { onRecord })
    expect(line('session.created', null, session)).toBe(
      "Avery Admin scheduled Rosa Student's session of Mar 9, 2026",
    )
    expect(line('session.status-changed', session, { ...session, status: 'late-cancelled' }, true)).toBe(
      'Avery Admin cancelled the session of Mar 9, 2026 late (charged)',
    )
    expect(line('session.status-changed', session, { ...session, status: 'attended' }, true)).toBe(
      'Avery Admin marked the session of Mar 9, 2026 attended',
    )
    expect(line('session.updated', session, { ...session, startsAt: '2026-03-11T20:00:00.000Z' }, true)).toBe(
      'Avery Admin rescheduled the session of Mar 9, 2026 to Mar 11, 2026',
    )
    expect(line('session.updated', { ...session, timeZone: 'Not/AZone' }, null)).toBe(
      "Avery Admin changed Rosa Student's session of Mar 10, 2026",
    )
  })

  it('describes hour packages and adjustments', () => {
    const hourPackage = {
      name: 'Fall tutoring',
      service: 'tutoring',
      hours: 20,
      pricePaidCents: null,
      purchasedOn: '2026-09-01',
      expiresOn: null,
    }
    const recorded = event({ action: 'package.created', subjectType: 'hour_package', after: hourPackage })
    expect(auditSentence(recorded)).toBe(
      "Avery Admin recorded the hour package “Fall tutoring” (20 hours) on Rosa Student's record",
    )
    expect(auditSentence(recorded, { onRecord: true })).toBe(
      'Avery Admin recorded the hour package “Fall tutoring” (20 hours)',
    )
    const adjusted = (hours: unknown) =>
      auditSentence(
        event({
          action: 'hours.adjusted',
          subjectType: 'hour_ledger',
          after: { hours, reason: 'Make-up session', packageId: null },
        }),
      )
    expect(adjusted(1)).toBe("Avery Admin added 1 hour to Rosa Student's hours: Make-up session")
    expect(adjusted(-2.5)).toBe("Avery Admin removed 2.5 hours from Rosa Student's hours: Make-up session")
    expect(adjusted('odd')).toBe("Avery Admin adjusted Rosa Student's hours: Make-up session")
  })

  it('falls back to the raw action and to a removed actor', () => {
    expect(auditSentence(event({ action: 'thing.happened', actor: null }))).toBe(
      'A removed account: thing.happened',
    )
  })
  it('says what happened to a practice test and its attempts', () => {
    const form = { name: 'Practice Test 4', test: 'SAT', format: null }
    const formEvent = (action: string, before: unknown, after: unknown) =>
      auditSentence(
        event({ action, subjectType: 'practice_form', studentId: null, studentName: null, before, after }),
      )
    expect(formEvent('practice-form.created', null, form)).toBe(
      'Avery Admin added the practice test “Practice Test 4”',
    )
    expect(formEvent('practice-form.updated', form, { ...form, rescoredAttempts: 3 })).toBe(
      'Avery Admin edited the practice test “Practice Test 4”, rescoring 3 attempts',
    )
    const scores = { formName: 'Practice Test 4', test: 'SAT', sections: { math: 510 }, scoreId: null }
    const attempt = (action: string, before: unknown, after: unknown) =>
      auditSentence(event({ action, subjectType: 'practice_attempt', before, after }))
    expect(
      attempt('practice-attempt.assigned', null, {
        formId: 'f',
        formName: 'Practice Test 4',
        dueDate: '2026-03-01',
        taskId: 't',
      }),
    ).toBe(
      "Avery Admin assigned the practice test “Practice Test 4” on Rosa Student's record, due Mar 1, 2026",
    )
    expect(attempt('practice-attempt.rescored', { ...scores, total: 1180 }, { ...scores, total: 1190 })).toBe(
      "Avery Admin rescored the practice test “Practice Test 4” on Rosa Student's record: 1180 → 1190",
    )
  })
})
