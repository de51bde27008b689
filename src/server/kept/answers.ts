import { LRUCache } from 'lru-cache'
import { studentSchema, studentWithLatestSchema } from '../../shared/students'
import { currentUserSchema } from '../../shared/users'
import { weekScreenSchema } from '../../shared/week'
import type { Viewer } from '../auth/viewer'
import type { Db } from '../db/client'
import { teamStudentsWith } from '../modules/students/lists'
import { accessFor, getStudent, type StudentAccess, studentAccessWith } from '../modules/students/record'
import { weekScreenWith } from '../modules/students/week'
import { toCurrentUser } from '../modules/users/current-user'
import { notFound } from '../problems'
import { ownScoreLists } from './reads'
import type { CurrentUserSessionRow, RecordCheck } from './session-riders'
import { RECORD_VERSIONS, TEAM_VERSIONS, WEEK_VERSIONS } from './versions'

/** A kept answer: the JSON text sent, and the versions (and other fields) it is valid for. */
export interface Kept {
  versions: string
  body: string
  /** When the clock alone makes the answer wrong (ms since the epoch), if it can. */
  until?: number
}

/**
 * The answers each instance keeps between writes (docs/decisions/044-kept-answers-wing.md): student
 * records, staff members' lists of students, the current user, the admin's user list, the
 * dashboards' week, as the JSON text their routes send; the answers over days and lists of
 * sessions are in list-answers.ts.
 *
 * A record read first asks one small query for the viewer's access and the record's versions,
 * which triggers bump in the same transaction as every write that changes what a record read
 * answers (`RECORD_TABLES`, versions.ts). A kept answer is served only when it was built from
 * exactly those versions, so a write on any instance is seen by the next read on every instance.
 * Otherwise the record is built (its versions read by the same statement, so the answer is never
 * newer than the versions it is kept under) and kept.
 *
 * What a record shows depends on the viewer only through their access (hidden documents,
 * guardians' emails), so answers are kept per student and access. A staff member's list of
 * students is kept likewise, under the versions of every student on it (`teamVersionsSql`).
 * Only committed reads go through here: never a transaction's handle.
 */
export class KeptAnswers {
  readonly #entries: LRUCache<string, Kept>
  /** Answers being built, by key and the versions their reader checked (`#once`). */
  readonly #building = new Map<string, Promise<Built>>()
  hits = 0
  misses = 0
  /** Misses that waited for an answer another request was already building. */
  joined = 0

  constructor(maxBytes = 32 * 1024 * 1024) {
    this.#entries = new LRUCache({
      // The strings: an admin list's entry keeps its row in `versions`, and a schedule's key names
      // its caller, roles, educator and days, about as long as a small week's answer.
      maxSize: maxBytes,
      sizeCalculation: (entry, key) => (key.length + entry.body.length + entry.versions.length) * 2,
    })
  }

  /** The kept answer under `key` when it is valid for exactly `versions` (counted as a hit). */
  current(key: string, versions: string): string | undefined {
    const kept = this.#entries.get(key)
    if (kept?.versions !== versions) return undefined
    if (kept.until !== undefined && Date.now() >= kept.until) return undefined
    this.hits++
    return kept.body
  }

  keep(key: string, entry: Kept) {
    this.#entries.set(key, entry)
  }

  /**
   * The record as this viewer may see it, as the JSON text `GET /api/v1/students/{id}` answers
   * (encoded by its response schema); 404 when it is not theirs to see. `check` was read with the
   * session (`config.kept`, session-riders.ts).
   */
  async record(db: Db, viewer: Viewer, studentId: string, check?: RecordCheck | null): Promise<string> {
    const current =
      check?.studentId === studentId
        ? checkedAccess(viewer, check)
        : await studentAccessWith(db, viewer, studentId, RECORD_VERSIONS).then(({ access, extra }) => ({
            access,
            versions: extra,
          }))
    const kept = this.current(key(studentId, current.access), current.versions)
    if (kept !== undefined) return kept
    return this.once(`${key(studentId, current.access)}@${current.versions}`, current.access, async () => {
      const { student, access, extra } = await getStudent(db, viewer, studentId, RECORD_VERSIONS)
      const body = JSON.stringify(studentSchema.encode(student))
      return { entryKey: key(studentId, access), access, versions: extra!, body }
    })
  }

  /**
   * A staff member's students with their newest scores (My Dashboard's `students`) as JSON text,
   * kept while `teamVersions` (read with the session) are current.
   */
  async team(db: Db, memberId: string, teamVersions: string): Promise<string> {
    const kept = this.current(`team:${memberId}`, teamVersions)
    if (kept !== undefined) return kept
    return this.once(`team:${memberId}@${teamVersions}`, 'team', async () => {
      const { students, extra } = await teamStudentsWith(db, memberId, TEAM_VERSIONS)
      const body = JSON.stringify(studentsWithLatestSchema.encode(students))
      return { entryKey: `team:${memberId}`, access: 'team', versions: extra!, body }
    })
  }

  /**
   * The caller's week (`GET /api/v1/screens/week`) as JSON text, kept per caller and mix of roles
   * while `weekVersions` (read with the session, `weekVersionsSql`) are current and until the clock
   * moves it (the caller's next midnight, a note ageing out). Not for an admin: their block counts
   * inquiries and invites, which no version follows.
   */
  async week(db: Db, viewer: Viewer, weekVersions: string): Promise<string> {
    const roles = [...viewer.roles].sort().join('+')
    const entryKey = `week:${viewer.id}:${roles}`
    const kept = this.current(entryKey, weekVersions)
    if (kept !== undefined) return kept
    return this.once(`${entryKey}@${weekVersions}`, roles, async () => {
      const { screen, extra, changesAt } = await weekScreenWith(db, viewer, WEEK_VERSIONS)
      const body = JSON.stringify(weekScreenSchema.encode(screen))
      return { entryKey, access: roles, versions: extra!, body, until: changesAt }
    })
  }

  /**
   * An answer kept under `entryKey` while `versions` are current and, when its statement said so,
   * until the moment the clock alone changes it (`changesAt`); built once by `build` otherwise.
   */
  protected keptUntilChange(
    entryKey: string,
    versions: string,
    access: string,
    build: () => Promise<{ body: string; extra?: string; changesAt: number | null }>,
  ): Promise<string> {
    const kept = this.current(entryKey, versions)
    if (kept !== undefined) return Promise.resolve(kept)
    return this.once(`${entryKey}@${versions}`, access, async () => {
      const { body, extra, changesAt } = await build()
      return { entryKey, access, versions: extra!, body, ...(changesAt !== null && { until: changesAt }) }
    })
  }

  /**
   * Builds a missing answer once, however many requests miss it at the same moment (after a
   * restart under load, a hundred readers of one record would otherwise each build it: on the
   * embedded database they queued for seconds). A request joins a build only when that build's
   * reader checked the same versions, so the answer is at least as new as what the joiner checked;
   * and only when it was built for the same access. Otherwise, or when that build fails, it
   * builds its own.
   */
  protected async once(flightKey: string, access: string, build: () => Promise<Built>): Promise<string> {
    this.misses++
    const inFlight = this.#building.get(flightKey)
    if (inFlight) {
      const built = await inFlight.catch(() => null)
      if (built?.access === access) {
        this.joined++
        return built.body
      }
    }
    const building = build()
    if (!inFlight) {
      this.#building.set(flightKey, building)
      building.then(
        () => this.#building.delete(flightKey),
        () => this.#building.delete(flightKey),
      )
    }
    const built = await building
    this.#entries.set(built.entryKey, { versions: built.versions, body: built.body, until: built.until })
    return built.body
  }

  /**
   * `GET /api/v1/users/me` as JSON text, from the session's row (read fresh on every request) and
   * a student's score lists, kept under their record's version. An answer is kept under that
   * version and everything else it shows, so any change to the person, their settings or
   * profiles, or their scores makes the next read build it again.
   */
  async currentUser(db: Db, row: CurrentUserSessionRow): Promise<string> {
    const entryKey = `me:${row.id}`
    const shown = currentUserFields(row)
    const kept = this.current(entryKey, `${row.own_record_version}|${shown}`)
    if (kept !== undefined) return kept
    this.misses++
    const scores = row.is_student ? await ownScoreLists(db, row.id) : { version: '0', sat: null, act: null }
    const body = JSON.stringify(
      currentUserSchema.encode(toCurrentUser({ ...row, sat: scores.sat, act: scores.act })),
    )
    this.#entries.set(entryKey, { versions: `${scores.version}|${shown}`, body })
    return body
  }

  clear() {
    this.#entries.clear()
  }

  get size() {
    return this.#entries.size
  }
}

function checkedAccess(viewer: Viewer, check: RecordCheck): { access: StudentAccess; versions: string } {
  const access = check.exists
    ? accessFor(viewer, check.studentId, check.viewerOnTeam, check.viewerIsGuardian)
    : null
  if (!access) throw notFound('No such student.')
  return { access, versions: check.versions }
}

/**
 * Every field a `users/me` answer shows but the scores, as JSON: with the scores' version, what a
 * kept answer is valid for.
 */
const currentUserFields = (row: CurrentUserSessionRow) =>
  JSON.stringify(toCurrentUser({ ...row, sat: null, act: null }))

/** A built answer: where it is kept, the access it was built for, and the versions it was read at. */
interface Built {
  entryKey: string
  access: string
  versions: string
  body: string
  until?: number
}

const studentsWithLatestSchema = studentWithLatestSchema.array()

const key = (studentId: string, access: StudentAccess) => `${studentId}:${access}`
