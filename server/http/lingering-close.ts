import type { Duplex } from 'node:stream'

/** How long a closing connection goes on reading what the client still sends. */
export const LINGER_MS = 2_000

/**
 * Closes connections without losing the answer already written to them. Closing a socket
 * that still has unread input makes the kernel send a reset, and a reset makes the client's
 * kernel discard whatever it had received but not yet handed over: the client then sees
 * "connection reset" instead of the 431 or 413 it was sent. So: send everything and a FIN,
 * read and discard what keeps arriving until the client closes, and destroy only after
 * `lingerMs` (Apache and nginx call this a lingering close).
 */
export const createLingeringCloser = (lingerMs = LINGER_MS) => {
  const closing = new Set<Duplex>()
  return {
    isClosing: (socket: Duplex) => closing.has(socket),
    close(socket: Duplex) {
      if (closing.has(socket) || socket.destroyed) return
      closing.add(socket)
      const timer = setTimeout(() => socket.destroy(), lingerMs)
      timer.unref()
      socket.once('close', () => {
        clearTimeout(timer)
        closing.delete(socket)
      })
      socket.end()
      // Flowing with nobody listening discards the data; an HTTP socket's parser reads it.
      socket.resume()
    },
    /** On shutdown nobody waits for lingering clients. */
    destroyAll() {
      for (const socket of closing) socket.destroy()
    },
  }
}

export type LingeringCloser = ReturnType<typeof createLingeringCloser>
