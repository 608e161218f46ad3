import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A calendar host on loopback, serving one feed at a secret path the way Google and Outlook
 * do, and every way such a host can fail. Tests switch what it answers with `serve`.
 */

/** The secret part of the feed's address: it must never reach a log or a message. */
export const FEED_SECRET = 'private-6f1d2c9a8b7e4f3a0c5d9e8b7a6f5e4d'

export const FEED_PATH = `/calendar/ical/aurora%40group.calendar/${FEED_SECRET}/basic.ics`

const fixture = (name: string) =>
  readFileSync(new URL(`./calendar-feeds/${name}.ics`, import.meta.url), 'utf8').replace(
    /\r?\n/g,
    '\r\n',
  )

/** As exported by Google Calendar and by Outlook (tests/support/calendar-feeds/), CRLF ends. */
export const FEEDS = {
  google: fixture('google-agenda'),
  outlook: fixture('outlook-agenda'),
  empty: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Teste//PT\r\nEND:VCALENDAR\r\n',
}

export type FeedAnswer =
  | { kind: 'calendar'; text: string; contentType?: string }
  | { kind: 'status'; status: number }
  /** Accepts the request and never answers. */
  | { kind: 'silence' }
  | { kind: 'text'; text: string; contentType: string }
  /** A calendar of `bytes` bytes, sent without Content-Length. */
  | { kind: 'huge'; bytes: number }
  /** Redirects to itself for ever. */
  | { kind: 'redirect_loop' }
  /**
   * Redirects to `location` (which may be relative); a request that carries `?moved` is
   * answered with `then`, so a redirect within the feed's own origin can be followed.
   */
  | { kind: 'redirect'; location: string; then?: FeedAnswer }

export interface CalendarFeedServer {
  /** The feed's address, what BOOKING_BUSY_CALENDAR_URL is set to. */
  url: string
  serve(answer: FeedAnswer): void
  /** Requests for the feed so far, redirects included. */
  requests(): number
  /**
   * Holds every request until the returned function is called with what to answer then: a
   * server that is reading the feed, caught before its body arrives.
   */
  hold(): (answer: FeedAnswer) => void
  stop(): Promise<void>
}

/** Where `redirect` sends a request within the feed's origin, to be answered with `then`. */
export const MOVED_FEED_PATH_QUERY = '?moved'

const send = (response: ServerResponse, answer: FeedAnswer) => {
  switch (answer.kind) {
    case 'calendar':
      response.writeHead(200, {
        'content-type': answer.contentType ?? 'text/calendar; charset=UTF-8',
      })
      response.end(answer.text)
      return
    case 'status':
      response.writeHead(answer.status, { 'content-type': 'text/html; charset=UTF-8' })
      response.end('<!doctype html><title>Erro</title>')
      return
    case 'silence':
      return
    case 'text':
      response.writeHead(200, { 'content-type': answer.contentType })
      response.end(answer.text)
      return
    case 'huge': {
      response.writeHead(200, { 'content-type': 'text/calendar; charset=UTF-8' })
      const line = `${'X-FILLER:'.padEnd(1023, 'x')}\n`
      response.write('BEGIN:VCALENDAR\r\n')
      let sent = 17
      const pump = () => {
        while (sent < answer.bytes) {
          sent += line.length
          if (!response.write(line)) return void response.once('drain', pump)
        }
        response.end('END:VCALENDAR\r\n')
      }
      response.on('error', () => {})
      pump()
      return
    }
    case 'redirect_loop':
      response.writeHead(302, { location: FEED_PATH })
      response.end()
      return
    case 'redirect':
      response.writeHead(302, { location: answer.location })
      response.end()
  }
}

export const startCalendarFeedServer = async (): Promise<CalendarFeedServer> => {
  let answer: FeedAnswer = { kind: 'calendar', text: FEEDS.empty }
  let requests = 0
  let held: Promise<void> | undefined
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const moved = request.url === `${FEED_PATH}${MOVED_FEED_PATH_QUERY}`
    if (request.url !== FEED_PATH && !moved) {
      response.writeHead(404).end()
      return
    }
    requests += 1
    const reply = () =>
      send(response, moved && answer.kind === 'redirect' && answer.then ? answer.then : answer)
    if (held) void held.then(reply)
    else reply()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}${FEED_PATH}`,
    serve(next) {
      answer = next
    },
    requests: () => requests,
    hold() {
      let release = () => {}
      held = new Promise<void>((resolve) => (release = resolve))
      return (next) => {
        answer = next
        held = undefined
        release()
      }
    },
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
