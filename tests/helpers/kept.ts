import { expect } from 'vitest'
import { createTestApp, type SignedIn, secondInstance, type TestApp } from './test-app'

type Instance = Pick<TestApp, 'app' | 'request'>

/** Another instance on the test app's database (`secondInstance`). */
export type OtherInstance = Awaited<ReturnType<typeof secondInstance>>

/**
 * The kept-answer tests' three instances on one database: `t`, where writes go; `b`, which reads
 * and keeps answers; and `fresh`, whose kept answers are dropped before every read (the cache-free
 * answer, `expectKeptAsFresh`). `close` closes all three.
 */
export async function keptInstances(): Promise<{
  t: TestApp
  b: OtherInstance
  fresh: OtherInstance
  close: () => Promise<void>
}> {
  const t = await createTestApp()
  const b = await secondInstance(t)
  const fresh = await secondInstance(t)
  const close = async () => {
    await b.close()
    await fresh.close()
    await t.close()
  }
  return { t, b, fresh, close }
}

/**
 * Each reader's GET on instance `b` against what `fresh` builds with nothing kept (its kept
 * answers dropped before each read): the same status and body. Returns `b`'s bodies, in order.
 */
export async function expectKeptAsFresh(
  b: Instance,
  fresh: Instance,
  reads: ReadonlyArray<readonly [SignedIn, string]>,
  what: string,
): Promise<string[]> {
  const answers: string[] = []
  for (const [reader, url] of reads) {
    fresh.app.kept.clear()
    const expected = await fresh.request({ method: 'GET', url, cookie: reader.cookie })
    const onB = await b.request({ method: 'GET', url, cookie: reader.cookie })
    expect(onB.statusCode, `${what}, as ${reader.email}: ${onB.body}`).toBe(expected.statusCode)
    expect(onB.json(), `${what}, as ${reader.email}`).toEqual(expected.json())
    answers.push(onB.body)
  }
  return answers
}

/** Each query on `path` answered 400 naming its field (`[query, field]`), as `reader`. */
export async function expectQueriesRefused(
  instance: Instance,
  path: string,
  reader: SignedIn,
  cases: ReadonlyArray<readonly [string, string]>,
): Promise<void> {
  for (const [query, field] of cases) {
    const answer = await instance.request({ method: 'GET', url: `${path}?${query}`, cookie: reader.cookie })
    expect(answer.statusCode, `${query}: ${answer.body}`).toBe(400)
    expect(answer.json().errors[0].path, query).toBe(field)
  }
}
