import type { FastifyReply } from 'fastify'

/** A CSV download: named with today's date, never cached (it holds people's data). */
export function sendCsv(reply: FastifyReply, what: string, csv: string) {
  const day = new Date().toISOString().slice(0, 10)
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="crestline-${what}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv)
}
