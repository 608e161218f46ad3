/**
 * The booking page's only script (/agendar): the phone menu, and the agenda. Unlike the
 * landing page's, it does its main work before any interaction, since the free times are the
 * page: the data client comes with it, in one file built apart from the landing page's
 * (scripts/page-scripts.ts), and the whole horizon arrives in one call
 * (docs/decisions/028-booking-page.md).
 */
import { company } from '#shared/company/company.ts'
import { startBookingPage } from '../features/booking/book-a-meeting.ts'
import { visitorTimeZone } from '../features/booking/free-days.ts'
import { markPageScriptRan } from '../lib/page-script-stall.ts'
import { enhancePhoneMenu } from './phone-menu.ts'
import { carryArrivalInLinks, currentArrival } from '../features/attribution/carry-arrival.ts'
import { countPageView } from '../features/attribution/count-page-view.ts'

for (const menu of document.querySelectorAll<HTMLElement>('[popover]')) enhancePhoneMenu(menu)
const arrival = currentArrival()
carryArrivalInLinks(document, arrival)
countPageView(arrival)
// The page's first Intl.DateTimeFormat, whatever it asks, sets up the browser's date formatting
// (ICU): 35–45 ms here, 150–180 at a phone's fourfold slowdown; the ones after cost little. The
// time zone asks for it first, as the script starts, and the agenda is set up in the next task,
// so the two are not one long task (docs/benchmarks/lighthouse.md).
const visitorZone = visitorTimeZone(company.officeHours.timeZone)
setTimeout(() => {
  startBookingPage(document, visitorZone)
  // Started: the note for a script that never runs stays hidden (src/lib/page-script-stall.ts).
  markPageScriptRan(document)
})
