import { nodeVersionProblem } from './node-version.ts'

// Imported first by the server's entry, so it runs before any other module: on an older Node.js
// those fail in ways that do not say the version is the problem.
const problem = nodeVersionProblem(process.version, process.execPath)
if (problem) {
  console.error(problem)
  process.exit(1)
}
