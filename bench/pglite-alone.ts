// What PGlite itself costs in memory: a bare Node process (plain JavaScript, like `npm start`)
// that opens PGlite exactly as the server does and makes inserts for a few seconds, then prints
// its resident memory. load.ts bundles it, runs it and subtracts this from the server's peak.
import { insertFor, openBenchDatabase } from './direct-inserts.ts'
import { residentMegabytes } from './spawn-server.ts'

const seconds = Number(process.argv[2] ?? 5)
const before = await residentMegabytes(process.pid)
const { db, dispose } = await openBenchDatabase({})
let peak = await residentMegabytes(process.pid)
const sampler = setInterval(
  () => void residentMegabytes(process.pid).then((mb) => (peak = Math.max(peak, mb))),
  250,
)
await insertFor(db, seconds)
clearInterval(sampler)
peak = Math.max(peak, await residentMegabytes(process.pid))
await dispose()
console.log(JSON.stringify({ nodeOnly: before, pgliteAlone: peak }))
