/**
 * The most one student's record may hold of each kind (docs/product.md#how-much-a-record-holds). The
 * next add is a 409 naming the kind; the numbers are generous for a student's years with us and
 * keep the largest record's export within the server's memory budget.
 */
export const RECORD_CAPS = {
  documents: 200,
  tasks: 300,
  colleges: 60,
  satScores: 50,
  actScores: 50,
  notes: 500,
  /** Guardians linked, and guardian invites not yet used or expired. */
  guardians: 10,
} as const

export type CappedKind = keyof typeof RECORD_CAPS

/** The 409's code and sentence for each kind, the documents' wording kept as it was. */
export const RECORD_CAP_PROBLEMS: Record<CappedKind, { code: string; detail: string }> = {
  documents: {
    code: 'too-many-documents',
    detail: `This record already holds ${RECORD_CAPS.documents} documents. Delete one before adding another.`,
  },
  tasks: {
    code: 'too-many-tasks',
    detail: `This record already has ${RECORD_CAPS.tasks} tasks, the most it can hold. Delete done tasks first.`,
  },
  colleges: {
    code: 'too-many-colleges',
    detail: `This record already has ${RECORD_CAPS.colleges} colleges on its list, the most it can hold. Remove one first.`,
  },
  satScores: {
    code: 'too-many-sat-scores',
    detail: `This record already has ${RECORD_CAPS.satScores} SAT scores, the most it can hold. Delete one first.`,
  },
  actScores: {
    code: 'too-many-act-scores',
    detail: `This record already has ${RECORD_CAPS.actScores} ACT scores, the most it can hold. Delete one first.`,
  },
  guardians: {
    code: 'too-many-guardians',
    detail: `This student already has ${RECORD_CAPS.guardians} guardians linked or invited, the most a record can hold. Remove one first.`,
  },
  notes: {
    code: 'too-many-notes',
    detail: `This record already has ${RECORD_CAPS.notes} session notes, the most it can hold. Delete old notes first.`,
  },
}
