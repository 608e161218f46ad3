import { createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

export interface ScriptedSmtpOptions {
  /** Wait this long after accepting a connection before the 220 greeting. */
  greetingDelayMs?: number
  /** Wait this long after the message's final "." before answering 250. */
  afterDataDelayMs?: number
  /** Accept connections and never say a word. */
  silent?: boolean
}

export interface ScriptedSmtp {
  url: string
  /** Raw messages the server accepted (answered 250 after DATA). */
  messages: string[]
  stop(): Promise<void>
}

/**
 * A mail server with bad manners on a loopback port: slow to greet, slow to accept a
 * message, or silent. Enough SMTP for nodemailer (EHLO, MAIL, RCPT, DATA, RSET, QUIT).
 */
export const startScriptedSmtp = async ({
  greetingDelayMs = 0,
  afterDataDelayMs = 0,
  silent = false,
}: ScriptedSmtpOptions = {}): Promise<ScriptedSmtp> => {
  const messages: string[] = []
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
    if (silent) return
    let buffer = ''
    let inData = false
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`)
    }
    setTimeout(() => reply('220 scripted.test ESMTP'), greetingDelayMs)
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1')
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end < 0) return
          const message = buffer.slice(0, end)
          buffer = buffer.slice(end + 5)
          inData = false
          setTimeout(() => {
            messages.push(message)
            reply('250 2.0.0 queued')
          }, afterDataDelayMs)
          continue
        }
        const lineEnd = buffer.indexOf('\r\n')
        if (lineEnd < 0) return
        const line = buffer.slice(0, lineEnd)
        buffer = buffer.slice(lineEnd + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO') reply('250-scripted.test\r\n250 8BITMIME')
        else if (verb === 'DATA') {
          inData = true
          reply('354 go ahead')
        } else if (verb === 'QUIT') {
          reply('221 bye')
          socket.end()
        } else if (['HELO', 'MAIL', 'RCPT', 'RSET', 'NOOP'].includes(verb)) reply('250 OK')
        else reply('502 not implemented')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async stop() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
