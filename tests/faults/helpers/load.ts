import { type Answer, type CallOptions, call } from './http'

/** How many students each score writer of a fault test spreads its writes over. */
export const STUDENTS_PER_WRITER = 25

export interface Load {
  answers: Answer[]
  /** Stops every client and waits for their last requests to be answered. */
  stop(): Promise<void>
}

export interface Client {
  /** What the client does in a loop: the path and options of its next request. */
  next(turn: number): { path: string } & CallOptions
  /** Called with each answer (to keep what a 2xx acknowledged). */
  onAnswer?(answer: Answer, turn: number): void
  kind: string
  /** The pause after each answer (default: the load's). */
  pauseMs?: number
}

/**
 * Steady traffic: each client sends its next request as soon as the last one is answered, with a
 * short pause so an outage's quick 503s do not turn into a busy loop on a shared machine.
 */
export function startLoad(
  baseUrl: () => string,
  clients: Client[],
  pauseMs = 40,
): Load & { byKind(kind: string): Answer[] } {
  const answers: Array<Answer & { kind: string }> = []
  let running = true
  const loops = clients.map(async (client) => {
    for (let turn = 0; running; turn += 1) {
      const { path, ...options } = client.next(turn)
      const answer = await call(baseUrl(), path, options)
      answers.push({ ...answer, kind: client.kind })
      client.onAnswer?.(answer, turn)
      await new Promise((resolve) => setTimeout(resolve, client.pauseMs ?? pauseMs))
    }
  })
  return {
    answers,
    byKind: (kind) => answers.filter((answer) => answer.kind === kind),
    async stop() {
      running = false
      await Promise.all(loops)
    },
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A client adding SAT scores (a score and its audit row, one transaction) to the records of
 * `students` in turn, keeping the id of each score a 201 acknowledged. A record holds at most
 * `RECORD_CAPS.satScores`: give each writer enough students for the writes its test makes.
 */
export function scoreWriter(students: string[], cookie: () => string, acknowledged: Set<string>): Client {
  return {
    kind: 'write',
    next: (turn) => ({
      path: `/api/v1/students/${students[turn % students.length]}/sat-scores`,
      method: 'POST',
      cookie: cookie(),
      body: { date: '2026-03-14', english: 400 + (turn % 40) * 10, math: 650, source: 'practice' },
    }),
    onAnswer: (answer) => {
      if (answer.status === 201) acknowledged.add((answer.body as { uuid: string }).uuid)
    },
  }
}

/** A client reading one student's whole record. */
export const recordReader = (student: string, cookie: () => string): Client => ({
  kind: 'read',
  next: () => ({ path: `/api/v1/students/${student}`, cookie: cookie() }),
})
