import { notFoundPage } from '../content/not-found.ts'
import { enhancePhoneMenu } from './phone-menu.ts'

// One prerendered file answers every unknown path, so only the browser knows which one the
// visitor asked for. Logged there, broken links show up in the console and in error monitoring.
console.error(notFoundPage.logMessage, window.location.pathname)

// The page carries the site's header, and with it the phone menu.
for (const menu of document.querySelectorAll<HTMLElement>('[popover]')) enhancePhoneMenu(menu)
