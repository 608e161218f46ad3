import '@testing-library/jest-dom/vitest'
import { configure } from '@testing-library/dom'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy* and waitFor give up after 1 s by default; at load 15 on the shared CI machine a
// form's submit took longer than that to show its answer (decision 063). A slow machine is not
// a failure: they wait up to 10 s, still well inside the test's own timeout.
configure({ asyncUtilTimeout: 10_000 })

// Testing Library empties the document after each test by itself only in the first file a
// worker runs (it registers that when first imported); the quick set's workers run many files
// each (decision 084), so every file registers it here.
afterEach(() => cleanup())
