/**
 * The viewer's place on one student's record: an admin; an educator on the team (`editor`); an
 * FAO on the team (`reader`); the student (`self`); a linked parent or guardian (`guardian`).
 * Staff who are also a guardian get the staff access.
 */
export type StudentAccess = 'admin' | 'editor' | 'reader' | 'self' | 'guardian'

/**
 * Who may do what on one student's record: the product's permission rules
 * (docs/product.md#permissions), read top to bottom. Every record-level check of the server goes
 * through `may` here or `requireRule` (src/server/modules/students/record-rules.ts), and the web
 * hides what the table refuses; tests/unit/record-rules.test.ts holds this table to the documented
 * one. Outsiders never reach it: without an access kind a record is 404.
 *
 * A grant is `any` (whatever the thing is) or `own` (only what the caller owns; each rule's
 * comment says what owning means). An access kind missing from `grants` may not do it, and
 * `refusals` holds the 403 it gets, word for word; `notOwn` is the 403 for an `own` grant on
 * something not theirs. A rule with no refusal is only asked with `may` (the caller answers).
 */
export type Grant = 'any' | 'own'

export interface Refusal {
  message: string
  code?: string
}

export interface RecordRule {
  grants: Partial<Record<StudentAccess, Grant>>
  refusals?: Partial<Record<StudentAccess, Refusal>>
  notOwn?: Refusal
}

const FAO_SCORES: Refusal = { message: 'Financial-aid officers can read this record but not change scores.' }
const GUARDIAN_SCORES: Refusal = { message: 'Guardians can read scores but not change them.' }
const FAO_DOCUMENTS: Refusal = {
  message: 'Financial-aid officers can read this record but not change documents.',
}
const FAMILY_NOTES: Refusal = {
  message: 'Session notes are written by staff; students and guardians read them.',
}
const FAO_TASKS: Refusal = {
  message: 'Financial-aid officers read tasks; they change only their own status.',
}
const GUARDIAN_TASKS: Refusal = { message: 'Guardians read tasks but do not change them.' }
const STUDENT_ASSIGNEE: Refusal = {
  message: 'Students add tasks for themselves only.',
  code: 'assignee-forbidden',
}
const GUARDIAN_COLLEGES: Refusal = { message: 'Guardians read the college list but do not change it.' }
const FAO_SESSIONS: Refusal = { message: 'Financial-aid officers do not see tutoring sessions or hours.' }
const FAMILY_SESSIONS: Refusal = {
  message: 'Sessions are scheduled by the team; students and guardians may cancel one.',
}
const MANAGE_GUARDIANS: Refusal = {
  message: 'Only admins and educators on the team can invite or remove guardians.',
}
const FAO_HOURS: Refusal = { message: 'Financial-aid officers do not see tutoring sessions or hours.' }
const ADMIN_HOURS: Refusal = { message: 'Only admins record hour packages and adjust hours.' }
const FAO_PRACTICE: Refusal = { message: 'Financial-aid officers do not see practice tests.' }
const FAMILY_ASSIGN: Refusal = { message: 'Practice tests are assigned by the team.' }
const GUARDIAN_ANSWER: Refusal = { message: 'Guardians read practice results but do not take the test.' }

export const RECORD_RULES = {
  /** The record itself; the family's view leaves out hidden documents and guardians' emails. */
  'record.read': { grants: { admin: 'any', editor: 'any', reader: 'any', self: 'any', guardian: 'any' } },
  /** Guardians' email addresses are for the staff who contact the family. */
  'record.readGuardianEmails': { grants: { admin: 'any', editor: 'any', reader: 'any' } },

  /** Add a score entry, or set the targets. */
  'scores.add': {
    grants: { admin: 'any', editor: 'any', self: 'any' },
    refusals: { reader: FAO_SCORES, guardian: GUARDIAN_SCORES },
  },
  /** Edit or delete a score entry; the student owns the entries they added, not their educator's. */
  'scores.change': {
    grants: { admin: 'any', editor: 'any', self: 'own' },
    refusals: { reader: FAO_SCORES, guardian: GUARDIAN_SCORES },
    notOwn: {
      message: 'You can change only the scores you added. Ask your educator to change this one.',
      code: 'not-your-score',
    },
  },

  /** See (and download) hidden documents; for anyone else a hidden document does not exist (404). */
  'documents.readHidden': { grants: { admin: 'any', editor: 'any', reader: 'any' } },
  /** Add a document, a link or a file. */
  'documents.add': {
    grants: { admin: 'any', editor: 'any', self: 'any', guardian: 'any' },
    refusals: { reader: FAO_DOCUMENTS },
  },
  /** Edit or delete a document; the family owns the documents they added (and still see). */
  'documents.change': {
    grants: { admin: 'any', editor: 'any', self: 'own', guardian: 'own' },
    refusals: { reader: FAO_DOCUMENTS },
    notOwn: { message: 'You can change only the documents you added.' },
  },
  /** Set a document hidden or pinned; the module's 403 names the field. */
  'documents.setHiddenOrPinned': { grants: { admin: 'any', editor: 'any' } },

  /** Read internal notes; the family reads the shared ones only. */
  'notes.readInternal': { grants: { admin: 'any', editor: 'any', reader: 'any' } },
  /** Write a session note. */
  'notes.write': {
    grants: { admin: 'any', editor: 'any', reader: 'any' },
    refusals: { self: FAMILY_NOTES, guardian: FAMILY_NOTES },
  },
  /** Edit a note: its author alone, admins too. */
  'notes.edit': {
    grants: { admin: 'own', editor: 'own', reader: 'own' },
    refusals: { self: FAMILY_NOTES, guardian: FAMILY_NOTES },
    notOwn: { message: 'Only the author can edit a note.' },
  },
  /** Delete a note: an admin any, other staff the ones they wrote. */
  'notes.delete': {
    grants: { admin: 'any', editor: 'own', reader: 'own' },
    refusals: { self: FAMILY_NOTES, guardian: FAMILY_NOTES },
    notOwn: { message: 'Only the author or an admin can delete a note.' },
  },

  /** Change the student profile: class year, school, planned test dates. */
  'profile.change': {
    grants: { admin: 'any', editor: 'any', self: 'any' },
    refusals: {
      reader: { message: 'Financial-aid officers can read this record but not change its profile.' },
      guardian: { message: "Guardians read the student's profile but do not change it." },
    },
  },

  /** Invite or remove a guardian. */
  'guardians.manage': {
    grants: { admin: 'any', editor: 'any' },
    refusals: { reader: MANAGE_GUARDIANS, self: MANAGE_GUARDIANS, guardian: MANAGE_GUARDIANS },
  },

  /** Add a task (or reassign one); the student owns a task assigned to themself. */
  'tasks.create': {
    grants: { admin: 'any', editor: 'any', self: 'own' },
    refusals: { reader: FAO_TASKS, guardian: GUARDIAN_TASKS },
    notOwn: STUDENT_ASSIGNEE,
  },
  /** Edit a task; the student owns the tasks they added. */
  'tasks.change': {
    grants: { admin: 'any', editor: 'any', self: 'own' },
    refusals: { reader: FAO_TASKS, guardian: GUARDIAN_TASKS },
    notOwn: {
      message: 'Students change only the tasks they added, and mark done the ones assigned to them.',
    },
  },
  /** Mark a task done or open again; staff and the student own the tasks assigned to them. */
  'tasks.setStatus': { grants: { admin: 'any', editor: 'any', reader: 'own', self: 'own' } },
  /** Delete a task; the student owns the tasks they added. */
  'tasks.delete': {
    grants: { admin: 'any', editor: 'any', self: 'own' },
    refusals: { reader: FAO_TASKS, guardian: GUARDIAN_TASKS },
    notOwn: { message: 'Students delete only the tasks they added.' },
  },

  /** Read tutoring sessions; the FAO is refused them (hours are the family's business with the company). */
  'sessions.read': {
    grants: { admin: 'any', editor: 'any', self: 'any', guardian: 'any' },
    refusals: { reader: FAO_SESSIONS },
  },
  /** Schedule, reschedule or change a session, and mark its attendance. */
  'sessions.schedule': {
    grants: { admin: 'any', editor: 'any' },
    refusals: { reader: FAO_SESSIONS, self: FAMILY_SESSIONS, guardian: FAMILY_SESSIONS },
  },
  /** Cancel a scheduled session; the family's is cancelled or late-cancelled by the notice window. */
  'sessions.cancel': {
    grants: { admin: 'any', editor: 'any', self: 'any', guardian: 'any' },
    refusals: { reader: FAO_SESSIONS },
  },

  /** Read and write the Family conversation (reading it is reading the record). */
  'messages.write': {
    grants: { admin: 'any', editor: 'any', reader: 'any', self: 'any', guardian: 'any' },
  },
  /** Read and write the Staff conversation; for the family it does not exist (404, never 403). */
  'messages.staff': { grants: { admin: 'any', editor: 'any', reader: 'any' } },
  /** Edit a message: its author alone, within the edit window (the module's 409 after it). */
  'messages.edit': {
    grants: { admin: 'own', editor: 'own', reader: 'own', self: 'own', guardian: 'own' },
    notOwn: { message: 'Only the author can edit a message.' },
  },
  /** Delete a message: an admin any, everyone else the ones they wrote. */
  'messages.delete': {
    grants: { admin: 'any', editor: 'own', reader: 'own', self: 'own', guardian: 'own' },
    notOwn: { message: 'Only the author or an admin can delete a message.' },
  },

  /** Add or delete a college entry; change its name, round, deadline, status or notes. */
  'colleges.plan': {
    grants: { admin: 'any', editor: 'any', self: 'any' },
    refusals: {
      reader: {
        message: 'Financial-aid officers change only the cost of attendance and the aid offered.',
        code: 'plan-fields-forbidden',
      },
      guardian: GUARDIAN_COLLEGES,
    },
  },
  /** Change a college entry's cost of attendance and aid offered; the module's 403 names the field. */
  'colleges.financial': { grants: { reader: 'any' } },

  /** Read the hour packages, the hours ledger and its CSV statement (the FAO sees no sessions or hours). */
  'hours.read': {
    grants: { admin: 'any', editor: 'any', self: 'any', guardian: 'any' },
    refusals: { reader: FAO_HOURS },
  },
  /** Record an hour package, or adjust the hours with a reason: admins only. */
  'hours.manage': {
    grants: { admin: 'any' },
    refusals: { editor: ADMIN_HOURS, reader: ADMIN_HOURS, self: ADMIN_HOURS, guardian: ADMIN_HOURS },
  },

  /** Read practice attempts, their scores, the review and the skills (the FAO sees none). */
  'practice.read': {
    grants: { admin: 'any', editor: 'any', self: 'any', guardian: 'any' },
    refusals: { reader: FAO_PRACTICE },
  },
  /** Assign a practice test (which also adds its task). */
  'practice.assign': {
    grants: { admin: 'any', editor: 'any' },
    refusals: { reader: FAO_PRACTICE, self: FAMILY_ASSIGN, guardian: FAMILY_ASSIGN },
  },
  /** Answer and submit an attempt: the student, or staff entering a paper sheet for them. */
  'practice.answer': {
    grants: { admin: 'any', editor: 'any', self: 'any' },
    refusals: { reader: FAO_PRACTICE, guardian: GUARDIAN_ANSWER },
  },
} as const satisfies Record<string, RecordRule>

export type RecordAction = keyof typeof RECORD_RULES

/** The rule's grant for this access kind, if any. */
export function grantFor(access: StudentAccess, action: RecordAction): Grant | undefined {
  const grants: RecordRule['grants'] = RECORD_RULES[action].grants
  return grants[access]
}

/** A viewer's access kind on one record, with whether the record is archived. */
export interface AccessOnRecord {
  kind: StudentAccess
  archived: boolean
}

export const kindOf = (access: StudentAccess | AccessOnRecord): StudentAccess =>
  typeof access === 'string' ? access : access.kind

/** The rules that only read the record; every other rule changes it. */
const READ_ONLY_RULES: ReadonlySet<RecordAction> = new Set<RecordAction>([
  'record.read',
  'record.readGuardianEmails',
  'documents.readHidden',
  'notes.readInternal',
  'sessions.read',
  'hours.read',
  'practice.read',
])

/** What the student and their guardians are told when they try to change an archived record (409). */
export const ARCHIVED_REFUSAL = {
  message: 'This record is archived: it can be read but not changed. Ask the team to restore it.',
  code: 'record-archived',
} as const satisfies Refusal

/**
 * An archived record is read-only for the family (the student and their guardians): they still
 * read it and download their data, and change nothing on it (docs/product.md#archive). Staff keep
 * what the table grants them.
 */
export function archivedForFamily(access: StudentAccess | AccessOnRecord, action: RecordAction): boolean {
  if (typeof access === 'string' || !access.archived) return false
  return (access.kind === 'self' || access.kind === 'guardian') && !READ_ONLY_RULES.has(action)
}

/**
 * Whether this access may do the action: the table's grant for its kind and, given the record's
 * archived state, not a change by the family to an archived record. A bare kind stands for a
 * record that is not archived (the table alone). `own` says whether the thing is the caller's;
 * left out (the thing is not loaded yet), an `own` grant counts, and the caller asks again once it is.
 */
export function may(access: StudentAccess | AccessOnRecord, action: RecordAction, own?: boolean): boolean {
  if (archivedForFamily(access, action)) return false
  const grant = grantFor(kindOf(access), action)
  return grant === 'any' || (grant === 'own' && own !== false)
}
