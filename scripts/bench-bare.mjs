import Fastify from 'fastify'

/**
 * The yardsticks of docs/product.md#budgets, measured in the same run: a bare Fastify route, and
 * one that sends a JSON body of a given size (`/bare-sized/15068`), so that a read can be set
 * against a route that does nothing but send as many bytes.
 */
const app = Fastify({ logger: false })
app.get('/bare', async () => ({ hello: 'world' }))
const bodies = new Map()
app.get('/bare-sized/:bytes', async (request, reply) => {
  const bytes = Number(request.params.bytes)
  if (!bodies.has(bytes)) bodies.set(bytes, JSON.stringify({ pad: 'x'.repeat(Math.max(0, bytes - 10)) }))
  return reply.type('application/json; charset=utf-8').send(bodies.get(bytes))
})
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.send?.('ready')
