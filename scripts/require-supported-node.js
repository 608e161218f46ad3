// `npm start`'s first import: on a Node.js older than package.json's engines the scripts after
// it fail with errors that do not name the version (server/node-version.ts says the same for
// the built server; a test holds both to package.json).
export const MINIMUM_NODE = '20.19.0'

const [major = 0, minor = 0] = process.version.replace(/^v/, '').split('.').map(Number)
const [needMajor = 0, needMinor = 0] = MINIMUM_NODE.split('.').map(Number)
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  console.error(
    `Cannot start: this project needs Node.js ${MINIMUM_NODE} or newer, and ${process.execPath} is ${process.version}. Install Node.js 20 or 22 and run npm start with it.`,
  )
  process.exit(1)
}
