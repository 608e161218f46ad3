import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** The spam filters' test string (GTUBE): a message that holds it is spam to any of them. */
export const GTUBE = 'XJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X'

export interface SmtpCatcherOptions {
  /** Listen here (a stopped catcher's port: the mail server is back). Default: a free one. */
  port?: number
  /**
   * Refuse, with 554 after DATA, every message whose subject, text or HTML (decoded, as a
   * content filter reads them) holds GTUBE: a mail server that rejects spam.
   */
  refuseSpam?: boolean
  /**
   * Refuse after DATA with the code this answers (a 4xx: try again later; a 5xx: never), or
   * accept when it answers undefined. Asked for every message, so a test can change its mind.
   */
  refuseWith?: (mail: ParsedMail) => number | undefined
  /**
   * Awaited after a message's DATA, before the 250 that accepts it: what happens at the sender's
   * end while its mail is being taken (its database stopping, say).
   */
  beforeAccepting?: (mail: ParsedMail) => Promise<void> | void
}

export interface SmtpCatcher {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string
  /** Messages accepted (answered 250). */
  messages: ParsedMail[]
  /** Messages refused (answered 554 as spam, or as refuseWith said). */
  refused: ParsedMail[]
  /** Stops listening, so connections are refused: the mail server is down. */
  stop(): Promise<void>
}

const holdsGtube = (mail: ParsedMail) =>
  [mail.subject, mail.text, typeof mail.html === 'string' ? mail.html : ''].some((part) =>
    part?.includes(GTUBE),
  )

/**
 * A real SMTP server on a loopback port (a free one unless given) that keeps every message it
 * receives. Starting one again on a stopped one's port is the mail server coming back.
 */
export const startSmtpCatcher = async ({
  port = 0,
  refuseSpam = false,
  refuseWith,
  beforeAccepting,
}: SmtpCatcherOptions = {}): Promise<SmtpCatcher> => {
  const messages: ParsedMail[] = []
  const refused: ParsedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (refuseSpam && holdsGtube(mail)) {
            refused.push(mail)
            callback(
              Object.assign(new Error('5.7.1 Message refused as spam (GTUBE)'), {
                responseCode: 554,
              }),
            )
            return
          }
          const code = refuseWith?.(mail)
          if (code !== undefined) {
            refused.push(mail)
            const text = code < 500 ? '4.3.0 Try again later' : '5.7.1 Message refused'
            callback(Object.assign(new Error(text), { responseCode: code }))
            return
          }
          Promise.resolve(beforeAccepting?.(mail)).then(
            () => {
              messages.push(mail)
              callback()
            },
            (error: Error) => callback(error),
          )
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
    refused,
    stop() {
      stopped ??= new Promise<void>((resolve) => server.close(() => resolve()))
      return stopped
    },
  }
}
