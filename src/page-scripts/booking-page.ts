/**
 * The booking page's only script (/agendar): the phone menu, and the agenda. Unlike the
 * landing page's, it does its main work before any interaction, since the free times are the
 * page: the data client comes with it, in one file built apart from the landing page's
 * (scripts/page-scripts.ts), and the whole horizon arrives in one call
 * (docs/decisions/028-booking-page.md).
 */
import { startBookingPage } from '../features/booking/book-a-meeting.ts'
import { markPageScriptRan } from '../lib/page-script-stall.ts'
import { enhancePhoneMenu } from './phone-menu.ts'
import { carryArrivalInLinks, currentArrival } from '../features/attribution/carry-arrival.ts'
import { countPageView } from '../features/attribution/count-page-view.ts'

for (const menu of document.querySelectorAll<HTMLElement>('[popover]')) enhancePhoneMenu(menu)
const arrival = currentArrival()
carryArrivalInLinks(document, arrival)
countPageView(arrival)
startBookingPage(document)
// Started: the note for a script that never runs stays hidden (src/lib/page-script-stall.ts).
markPageScriptRan(document)
