import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface SmtpCatcher {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string
  messages: ParsedMail[]
  /** Stops listening, so connections are refused: the mail server is down. */
  stop(): Promise<void>
}

/**
 * A real SMTP server on a loopback port (a free one unless given) that keeps every message it
 * receives. Starting one again on a stopped one's port is the mail server coming back.
 */
export const startSmtpCatcher = async ({ port = 0 } = {}): Promise<SmtpCatcher> => {
  const messages: ParsedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail)
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const listening = (server.server.address() as AddressInfo).port
  let stopped: Promise<void> | undefined
  return {
    url: `smtp://127.0.0.1:${listening}`,
    messages,
    stop() {
      stopped ??= new Promise<void>((resolve) => server.close(() => resolve()))
      return stopped
    },
  }
}
