import Fastify from 'fastify'
import pg from 'pg'

/**
 * The yardsticks of docs/product.md#budgets, measured in the same run: a bare Fastify route, and
 * one that sends a JSON body of a given size (`/bare-sized/15068`), so that a read can be set
 * against a route that does nothing but send as many bytes.
 *
 * With `FLOOR_DATABASE_URL`, three more: the least a signed-in write can do on that PostgreSQL, with
 * none of our code in the way (no cookie, no validation, no access rule, no audit event). Each is
 * a row of the bench beside the writes, so the writes' p99 can be read against what the machine
 * itself allows at the same load:
 * - `POST /floor/one`: one named statement that reads the caller's session by its key and inserts
 *   one row: the least any signed-in write can be;
 * - `POST /floor/write`: the session read, then one row inserted, each a named statement in its own
 *   commit (the shape of saving an answer and posting a message);
 * - `POST /floor/transaction`: the session read, then `begin`, one of 40 rows locked (as
 *   scheduling locks the educator), one row inserted, `commit` (the shape of scheduling).
 */
const app = Fastify({ logger: false })
app.get('/bare', async () => ({ hello: 'world' }))
const bodies = new Map()
app.get('/bare-sized/:bytes', async (request, reply) => {
  const bytes = Number(request.params.bytes)
  if (!bodies.has(bytes)) bodies.set(bytes, JSON.stringify({ pad: 'x'.repeat(Math.max(0, bytes - 10)) }))
  return reply.type('application/json; charset=utf-8').send(bodies.get(bytes))
})

if (process.env.FLOOR_DATABASE_URL) {
  // The server's pool size in the bench (DATABASE_POOL_SIZE).
  const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 10 })
  await pool.query(`
    create table bench_floor_sessions (token text primary key, user_id integer not null);
    insert into bench_floor_sessions select 'token-' || n, n from generate_series(1, 1000) n;
    create table bench_floor_locks (id integer primary key, taken integer not null default 0);
    insert into bench_floor_locks (id) select n from generate_series(1, 40) n;
    create table bench_floor_writes (
      id bigserial primary key, user_id integer not null, body jsonb not null,
      created_at timestamptz not null default now()
    );`)
  const session = (n) => ({
    name: 'floor-session',
    text: 'select user_id from bench_floor_sessions where token = $1',
    values: [`token-${(n % 1000) + 1}`],
  })
  const insert = (userId, body) => ({
    name: 'floor-insert',
    text: 'insert into bench_floor_writes (user_id, body) values ($1, $2)',
    values: [userId, body],
  })
  let n = 0
  app.post('/floor/one', async (request) => {
    const { values } = session(n++)
    await pool.query({
      name: 'floor-one',
      text: `insert into bench_floor_writes (user_id, body)
             select user_id, $2 from bench_floor_sessions where token = $1`,
      values: [values[0], request.body],
    })
    return { ok: true }
  })
  app.post('/floor/write', async (request) => {
    const { rows } = await pool.query(session(n++))
    await pool.query(insert(rows[0].user_id, request.body))
    return { ok: true }
  })
  app.post('/floor/transaction', async (request) => {
    const k = n++
    const { rows } = await pool.query(session(k))
    const client = await pool.connect()
    try {
      await client.query('begin')
      await client.query({
        name: 'floor-lock',
        text: 'select taken from bench_floor_locks where id = $1 for no key update',
        values: [(k % 40) + 1],
      })
      await client.query(insert(rows[0].user_id, request.body))
      await client.query('commit')
    } catch (error) {
      await client.query('rollback')
      throw error
    } finally {
      client.release()
    }
    return { ok: true }
  })
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.send?.('ready')
