/**
 * The oldest Node.js the server runs on: package.json's engines, said again here because this
 * check must run before anything else (the rest of the server needs what older versions lack,
 * and would stop with an error that names none of it). A test holds the two equal.
 */
export const MINIMUM_NODE = '20.19.0'

/** Why this Node.js cannot run the server, or undefined; `version` as process.version. */
export const nodeVersionProblem = (version: string, executable: string): string | undefined => {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number)
  const [needMajor = 0, needMinor = 0] = MINIMUM_NODE.split('.').map(Number)
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return undefined
  return (
    `Cannot start: this server needs Node.js ${MINIMUM_NODE} or newer, and ${executable} is ${version}. ` +
    'Debian 12\'s own nodejs package is 18: install Node.js 20 or 22 (docs/deploy.md, "Node.js") ' +
    'and start the server with it.'
  )
}
