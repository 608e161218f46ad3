// Lighthouse, mobile preset with its default (simulated) throttling, median of several runs against
// the real server serving the prerendered build. Run: npm run bench:lighthouse [-- runs]
import { writeFile } from 'node:fs/promises'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/browser/chromium.ts'
import { median, spawnServer } from './spawn-server.ts'

const runs = Number(process.argv[2] ?? 3)
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const metrics = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const

const server = await spawnServer()
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: CHROMIUM_ARGS,
})

const results: Record<string, number[]> = {}
const record = (key: string, value: number) => (results[key] ??= []).push(value)
try {
  for (let run = 1; run <= runs; run++) {
    const result = await lighthouse(`${server.url}/`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
    })
    const lhr = result?.lhr
    if (!lhr) throw new Error('Lighthouse returned no result')
    // LIGHTHOUSE_REPORT=/tmp/lh keeps each run's full report (/tmp/lh-1.json, …) to dig into.
    if (process.env.LIGHTHOUSE_REPORT)
      await writeFile(`${process.env.LIGHTHOUSE_REPORT}-${run}.json`, JSON.stringify(lhr))
    for (const category of categories)
      record(category, Math.round((lhr.categories[category]?.score ?? 0) * 100))
    for (const [name, id] of Object.entries(metrics))
      record(name, lhr.audits[id]?.numericValue ?? NaN)
    const failing = Object.values(lhr.audits).filter(
      (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary',
    )
    console.log(`run ${run}: ${categories.map((c) => `${c} ${results[c]?.at(-1)}`).join(', ')}`)
    for (const audit of failing) console.log(`  failing audit: ${audit.id} (${audit.title})`)
  }
} finally {
  chrome.kill()
  await server.stop()
}

console.log(`\nMedian of ${runs} runs (mobile, simulated throttling), ${new Date().toISOString()}`)
for (const category of categories)
  console.log(`${category.padEnd(16)} ${median(results[category] ?? [])}`)
for (const name of Object.keys(metrics)) {
  const value = median(results[name] ?? [])
  console.log(`${name.padEnd(16)} ${name === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`}`)
}
