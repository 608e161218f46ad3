/**
 * Reads a password without echoing it on a terminal, or from standard input when piped (so
 * scripts can pass it without putting it on the command line, where `ps` would show it).
 */
export const readSecret = async (prompt: string): Promise<string> => {
  const { stdin, stderr } = process
  if (!stdin.isTTY) {
    const chunks: Buffer[] = []
    for await (const chunk of stdin) chunks.push(Buffer.from(chunk as Uint8Array))
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '')
  }
  stderr.write(prompt)
  stdin.setRawMode(true)
  stdin.resume()
  stdin.setEncoding('utf8')
  return new Promise((resolve, reject) => {
    let typed = ''
    const onData = (text: string) => {
      for (const character of text) {
        if (character === '\r' || character === '\n') {
          finish()
          resolve(typed)
          return
        }
        if (character === '\u0003') {
          finish()
          reject(new Error('Cancelled.'))
          return
        }
        typed = character === '\u007f' ? Array.from(typed).slice(0, -1).join('') : typed + character
      }
    }
    const finish = () => {
      stdin.off('data', onData)
      stdin.setRawMode(false)
      stdin.pause()
      stderr.write('\n')
    }
    stdin.on('data', onData)
  })
}
