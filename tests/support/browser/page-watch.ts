import type { Page } from 'playwright-core'

/** Everything a visitor's browser would report as going wrong while a page is open. */
export interface PageProblems {
  consoleErrors: string[]
  pageErrors: string[]
  failedRequests: string[]
  errorResponses: string[]
  foreignRequests: string[]
}

/**
 * Records problems from the moment it is called. Both `console` and `pageerror` are needed:
 * React reports a hydration mismatch only as a `pageerror`.
 */
export function watchPage(page: Page, origin: string): PageProblems {
  const problems: PageProblems = {
    consoleErrors: [],
    pageErrors: [],
    failedRequests: [],
    errorResponses: [],
    foreignRequests: [],
  }
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const where = message.location().url
    problems.consoleErrors.push(where ? `${message.text()} (${where})` : message.text())
  })
  page.on('pageerror', (error) => problems.pageErrors.push(error.stack ?? error.message))
  page.on('requestfailed', (request) => {
    problems.failedRequests.push(
      `${request.method()} ${request.url()}: ${request.failure()?.errorText}`,
    )
  })
  page.on('response', (response) => {
    if (response.status() >= 400) {
      problems.errorResponses.push(
        `${response.status()} ${response.request().method()} ${response.url()}`,
      )
    }
  })
  page.on('request', (request) => {
    const url = new URL(request.url())
    // data: and blob: URLs are built inside the page and never touch the network.
    if (url.protocol === 'data:' || url.protocol === 'blob:') return
    if (url.origin !== origin) problems.foreignRequests.push(request.url())
  })
  return problems
}

/** Console errors the page wrote itself, leaving out Chromium's own line for a failed response. */
export function appConsoleErrors(problems: PageProblems): string[] {
  return problems.consoleErrors.filter((text) => !text.startsWith('Failed to load resource'))
}
