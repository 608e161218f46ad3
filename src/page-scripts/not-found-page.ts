import { notFoundPage } from '../content/not-found.ts'

// One prerendered file answers every unknown path, so only the browser knows which one the
// visitor asked for. Logged there, broken links show up in the console and in error monitoring.
console.error(notFoundPage.logMessage, window.location.pathname)
