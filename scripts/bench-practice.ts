import { randomUUID } from 'node:crypto'
import type autocannon from 'autocannon'
import { SKILLS } from '../src/shared/practice-layouts'
import { cpuText } from './lib/bench-cpu'

/**
 * The practice-test rows of `npm run bench` (docs/product.md#budgets): saving one answer at 50
 * connections, submitting and scoring a 98-question SAT attempt, and an educator's caseload
 * skills over 40 students and 400 attempts. Seeded in SQL, as the other rows are.
 */

type RunSql = (statements: string) => Promise<unknown>
type QuerySql = (query: string) => Promise<Array<Record<string, string>>>
type Load = (
  url: string,
  headers: Record<string, string>,
  pid: number,
  options: Partial<autocannon.Options>,
) => Promise<{
  rps: number
  p99: number
  peakRss: number
  timeouts: number
  cpu?: { server: number; database: number }
}>

export interface PracticeSeed {
  formId: string
  /** The target student's attempt in progress, which the save row answers. */
  openAttempt: string
  /** Attempts with all 98 answers given, one per student, each submitted once by the submit row. */
  toSubmit: Array<{ student: string; attempt: string }>
}

/** `BENCH_MATCH=answer` runs the save row alone. */
const ANSWER_ONLY = process.env.BENCH_MATCH === 'answer'
const SUBMITS = 600
/** Submissions in flight at once in the submit row. */
const SUBMITTING_AT_ONCE = 5
/** Submissions kept for the one-at-a-time median. */
const SEQUENTIAL_SUBMITS = 30
const quoted = (list: readonly string[]) =>
  `array[${list.map((item) => `'${item.replace(/'/g, "''")}'`).join(', ')}]`

/** The SAT form, the target's open attempt, 600 attempts ready to submit, and the coach's 400 submitted ones. */
export async function seedPractice(
  run: RunSql,
  query: QuerySql,
  studentId: string,
  coachId: string,
): Promise<PracticeSeed> {
  const formId = randomUUID()
  const openAttempt = randomUUID()
  const toSubmit = Array.from({ length: SUBMITS }, () => randomUUID())
  const rw = quoted(SKILLS['SAT:reading-writing'])
  const math = quoted(SKILLS['SAT:math'])
  await run(`
    insert into practice_forms (id, name, test, created_by_id) values ('${formId}'::uuid, 'Bench Practice Test', 'SAT', '${coachId}'::uuid);
    insert into practice_questions (form_id, section, number, kind, letters, answers, skill)
      select '${formId}'::uuid, 'reading-writing', n, 'choice', 'ABCD', array[chr(65 + n % 4)], (${rw})[1 + n % 4]
      from generate_series(1, 54) n
      union all
      select '${formId}'::uuid, 'math', n, case when n % 4 = 0 then 'spr' else 'choice' end,
        case when n % 4 = 0 then '' else 'ABCD' end,
        case when n % 4 = 0 then array['3/4'] else array[chr(65 + n % 4)] end, (${math})[1 + n % 4]
      from generate_series(1, 44) n;
    insert into practice_scale_rows (form_id, section, raw, scaled_low, scaled_high)
      select '${formId}'::uuid, 'reading-writing', r, 200 + 10 * r, 200 + 10 * r from generate_series(0, 54) r
      union all select '${formId}'::uuid, 'math', r, 200 + 10 * r, 200 + 10 * r from generate_series(0, 44) r;
    insert into practice_attempts (id, student_id, form_id, status, assigned_by_id, started_at)
      values ('${openAttempt}', '${studentId}', '${formId}'::uuid, 'in-progress', '${coachId}'::uuid, now());
    with ids as (select id::uuid, row_number() over () as n from unnest(${quoted(toSubmit)}) id),
      students as (select user_id, row_number() over (order by user_id) as n from student_profiles
        where user_id <> '${studentId}' and archived_at is null)
    insert into practice_attempts (id, student_id, form_id, status, assigned_by_id, started_at)
      select ids.id, students.user_id, '${formId}'::uuid, 'in-progress', '${coachId}'::uuid, now()
      from ids join students using (n);
    insert into practice_answers (attempt_id, section, number, answer)
      select a.id, q.section, q.number, case when q.kind = 'spr' then '.75' when q.number % 3 = 0 then 'D' else q.answers[1] end
      from practice_attempts a join practice_questions q on q.form_id = a.form_id
      where a.form_id = '${formId}'::uuid and a.status = 'in-progress' and a.id <> '${openAttempt}';
    with caseload as (select student_id, row_number() over (order by student_id) as n
        from team_members where member_id = '${coachId}'::uuid and student_id <> '${studentId}'),
      attempts as (select k, (select student_id from caseload where n = 1 + k % 39) as student_id from generate_series(1, 400) k)
    insert into practice_attempts (student_id, form_id, status, assigned_by_id, started_at, submitted_at, scores, skills)
      select student_id, '${formId}'::uuid, 'submitted', '${coachId}'::uuid, now() - k * interval '2 hours', now() - k * interval '2 hours',
        '{"sections": [], "total": 1000}'::jsonb,
        (select jsonb_agg(jsonb_build_object('section', s.section, 'skill', s.skill, 'questions', s.q,
            'right', (k * 7 + s.i * 3) % (s.q + 1), 'blank', 0, 'pointsLost', 10))
          from (select 'reading-writing' as section, (${rw})[i] as skill, case when i < 3 then 14 else 13 end as q, i from generate_series(1, 4) i
            union all select 'math', (${math})[i], 11, i + 4 from generate_series(1, 4) i) s)
      from attempts;
    analyze practice_attempts;
    analyze practice_answers;
  `)
  const ready = await query(`select id, student_id from practice_attempts
    where form_id = '${formId}'::uuid and status = 'in-progress' and id <> '${openAttempt}' order by id`)
  return {
    formId,
    openAttempt,
    toSubmit: ready.map((row) => ({ student: row.student_id!, attempt: row.id! })),
  }
}

/** The median and p99 of `times` requests made one after another (what a request costs without a queue). */
export async function oneByOne(times: number, request: (i: number) => Promise<Response>): Promise<string> {
  // One unmeasured first: it waits behind whatever the load before it left in the server's queue.
  await (await request(times)).arrayBuffer()
  const took: number[] = []
  for (let i = 0; i < times; i++) {
    const started = performance.now()
    const response = await request(i)
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`one at a time: ${response.status}`)
    took.push(performance.now() - started)
  }
  took.sort((a, b) => a - b)
  const at = (share: number) => took[Math.min(times - 1, Math.floor(times * share))]!.toFixed(1)
  return `median ${at(0.5)} ms, p99 ${at(0.99)} ms one at a time`
}

/** The three rows; returns the peak RSS. */
export async function practiceRows(
  kind: 'PostgreSQL' | 'embedded',
  base: string,
  studentId: string,
  seed: PracticeSeed,
  cookies: { student: string; coach: string; admin: string },
  pid: number,
  load: Load,
  rows: Array<[string, string, string]>,
): Promise<number> {
  let n = 0
  const saving = await load(
    `${base}/api/v1/students/${studentId}/practice-attempts/${seed.openAttempt}/answers`,
    { cookie: cookies.student, 'content-type': 'application/json' },
    pid,
    {
      connections: 50,
      requests: [
        {
          method: 'PUT',
          setupRequest: (request: object) => {
            const number = 1 + (n++ % 54)
            const answers = [{ section: 'reading-writing', number, answer: 'ABCD'[number % 4] }]
            return { ...request, body: JSON.stringify({ answers }) }
          },
        },
      ],
    },
  )
  const saveOne = await oneByOne(40, (i) =>
    fetch(`${base}/api/v1/students/${studentId}/practice-attempts/${seed.openAttempt}/answers`, {
      method: 'PUT',
      headers: { cookie: cookies.student, 'content-type': 'application/json' },
      body: JSON.stringify({
        answers: [{ section: 'math', number: 1 + (i % 44), answer: i % 4 === 3 ? '.75' : 'B' }],
      }),
    }),
  )
  rows.push([
    `PUT /api/v1/students/{id}/practice-attempts/{id}/answers, one answer (${kind}, 50 connections)`,
    `${Math.round(saving.rps)} req/s, p99 ${saving.p99} ms, ${saving.timeouts} timeouts; ${saveOne}; ${cpuText(saving.cpu!)}`,
    'p99 < 20 ms',
  ])
  if (ANSWER_ONLY) return saving.peakRss
  let k = 0
  const submitting = await load(
    `${base}/api/v1/students`,
    { cookie: cookies.admin, 'content-type': 'application/json' },
    pid,
    {
      // As many students submitting at the same moment as the row's label says: a submission is a
      // person finishing a three-hour test, not a stream.
      connections: SUBMITTING_AT_ONCE,
      // The rest are submitted one at a time, after one unmeasured (`oneByOne`).
      amount: seed.toSubmit.length - SEQUENTIAL_SUBMITS - 1,
      requests: [
        {
          method: 'POST',
          setupRequest: (request: object) => {
            const { student, attempt } = seed.toSubmit[k++ % seed.toSubmit.length]!
            return {
              ...request,
              path: `/api/v1/students/${student}/practice-attempts/${attempt}/submit`,
              body: '{}',
            }
          },
        },
      ],
    },
  )
  const submitOne = await oneByOne(SEQUENTIAL_SUBMITS, (i) => {
    const { student, attempt } = seed.toSubmit[seed.toSubmit.length - 1 - i]!
    return fetch(`${base}/api/v1/students/${student}/practice-attempts/${attempt}/submit`, {
      method: 'POST',
      headers: { cookie: cookies.admin, 'content-type': 'application/json' },
      body: '{}',
    })
  })
  rows.push([
    `POST …/practice-attempts/{id}/submit, scoring 98 answers (${kind}, ${SUBMITTING_AT_ONCE} connections)`,
    `${Math.round(submitting.rps)} req/s, p99 ${submitting.p99} ms, ${submitting.timeouts} timeouts; ${submitOne}; ${cpuText(submitting.cpu!)}`,
    'p99 < 100 ms',
  ])
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const caseload = await load(
    `${base}/api/v1/skills?from=${day(-60)}&to=${day(0)}`,
    { cookie: cookies.coach },
    pid,
    {
      connections: 50,
    },
  )
  const caseloadOne = await oneByOne(30, () =>
    fetch(`${base}/api/v1/skills?from=${day(-60)}&to=${day(0)}`, { headers: { cookie: cookies.coach } }),
  )
  rows.push([
    `GET /api/v1/skills (educator, 40 students, 400 attempts) (${kind}, 50 connections)`,
    `${Math.round(caseload.rps)} req/s, p99 ${caseload.p99} ms, ${caseload.timeouts} timeouts; ${caseloadOne}; ${cpuText(caseload.cpu!)}`,
    'p99 < 200 ms',
  ])
  return Math.max(saving.peakRss, submitting.peakRss, caseload.peakRss)
}
