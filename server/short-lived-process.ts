import { setFlagsFromString } from 'node:v8'

// Imported first by the commands' entries (backup, restore, leads), before PGlite compiles its
// WebAssembly. A command lives seconds: V8's optimising compiler would spend more CPU compiling
// PostgreSQL's hot functions again than the faster code then saves (a new folder migrated: 4.2
// CPU-s with the baseline compiler alone against 6.7, decision 091). The server keeps V8's
// defaults: it lives for weeks, and its throughput under load is what counts there.
setFlagsFromString('--liftoff-only')
