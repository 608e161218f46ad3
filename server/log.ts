import type { MiddlewareHandler } from 'hono'
import type { LogFields, Logger } from '#shared/support/log.ts'

export { messageOf, silentLogger, type LogFields, type Logger } from '#shared/support/log.ts'

/** One JSON object per line, ready for any log collector. */
export const createJsonLogger = (
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger => {
  const emit = (level: string, event: string, fields?: LogFields) =>
    write(JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }))
  return {
    info: (event, fields) => emit('info', event, fields),
    error: (event, fields) => emit('error', event, fields),
  }
}

/**
 * Logs every request without its body or query string: the query may carry the API key and
 * bodies carry visitors' personal data.
 */
export const requestLogger =
  (log: Logger): MiddlewareHandler =>
  async (c, next) => {
    const started = performance.now()
    await next()
    log.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    })
  }
