import Fastify from 'fastify'

/** The yardstick of docs/product.md#budgets: a bare Fastify route, measured in the same run. */
const app = Fastify({ logger: false })
app.get('/bare', async () => ({ hello: 'world' }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.send?.('ready')
