import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AxeResults, RunOptions } from 'axe-core'
import type axe from 'axe-core'
import type { Page } from 'playwright-core'

/**
 * axe-core's minified build, the same rules as `axe.source` (its readable build) in 580 KB
 * instead of 1.3 MB: every page checked is sent and parses it, 193 times a run, and it costs
 * the page 0.13 CPU-s against 0.19 (medians of twelve, the headless shell).
 */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/**
 * The time limit of a test that runs axe on every page or every step of a journey (fifteen runs
 * or more): such a test took 48 s at load 8 and passed the e2e project's 60 s at load 15, when
 * the CI machine was shared. A busy machine is not a failure (decision 063).
 */
export const AXE_EVERY_STEP_TIMEOUT_MS = 180_000

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** axe's rules that a page's colours decide: text's contrast, and a link's against its text. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

export interface AxeOptions {
  /**
   * Also axe's best practices (heading order, unique landmarks, every text in a landmark…):
   * not WCAG failures, but what a screen reader user trips over.
   */
  bestPractice?: boolean
  /**
   * Only the rules colours decide: for the dark theme of a page already checked whole in the
   * light one, as the dark themes change custom properties alone (decision 098, held by
   * scripts/brand/brand-build.test.ts and server/desk/layout/stylesheet.test.ts). A third of a
   * whole run's cost on the landing page.
   */
  coloursOnly?: boolean
}

/** Throws with one readable paragraph per violation, so the report says what to fix and where. */
export async function expectNoAxeViolations(
  page: Page,
  state: string,
  { bestPractice = false, coloursOnly = false }: AxeOptions = {},
): Promise<void> {
  const tags = bestPractice ? [...WCAG_22_AA, 'best-practice'] : WCAG_22_AA
  const violations = await violationsOn(
    page,
    coloursOnly ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: tags },
  )
  if (violations.length === 0) return
  const report = violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `    at ${node.target.join(' ')}\n      ${node.failureSummary ?? ''}`)
        .join('\n')
      return `- ${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n  ${violation.helpUrl}\n${nodes}`
    })
    .join('\n')
  throw new Error(`${violations.length} WCAG 2.2 AA violation(s) on ${state}:\n${report}`)
}

/**
 * Colour-contrast results taken mid-fade are meaningless, so finite animations and transitions
 * must end first. Infinite ones (spinners, pulses) are left running.
 */
export async function waitForAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
  })
}

/**
 * axe-core run in the page itself, put there once per document. @axe-core/playwright's
 * builder took four times as long (about 2 s against 0.5 s for the landing page, same run): it
 * injects axe again at every check and finishes each one in a new blank page, which only pages
 * with frames need, and the site has none. Only violations are gathered: the passes' details
 * were most of what was left (decision 068).
 */
async function violationsOn(
  page: Page,
  runOnly: NonNullable<RunOptions['runOnly']>,
): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const options: RunOptions = { runOnly, resultTypes: ['violations'] }
  return page
    .evaluate(
      // The page's own copy of axe-core, injected above; its types are the package's.
      (runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions),
      options,
    )
    .then((results) => results.violations)
}
