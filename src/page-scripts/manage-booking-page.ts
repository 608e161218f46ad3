/**
 * The script of the page behind a booking's link (/agendar/gerenciar#<token>): the phone menu,
 * and the booking the fragment opens. A link with another token opened in this tab changes
 * only the fragment, so the page starts over with it.
 */
import { company } from '#shared/company/company.ts'
import { startManageBookingPage } from '../features/booking/manage-booking.ts'
import { visitorTimeZone } from '../features/booking/free-days.ts'
import { markPageScriptRan } from '../lib/page-script-stall.ts'
import { enhancePhoneMenu } from './phone-menu.ts'
import { carryArrivalInLinks, currentArrival } from '../features/attribution/carry-arrival.ts'
import { countPageView } from '../features/attribution/count-page-view.ts'

for (const menu of document.querySelectorAll<HTMLElement>('[popover]')) enhancePhoneMenu(menu)
const arrival = currentArrival()
carryArrivalInLinks(document, arrival)
countPageView(arrival)
// The visitor's time zone asked as the script starts and the booking set up in the next task,
// as on /agendar (booking-page.ts): setting up the browser's date formatting, which the first
// question to Intl.DateTimeFormat does, and the setup are not one long task.
const visitorZone = visitorTimeZone(company.officeHours.timeZone)
setTimeout(() => {
  startManageBookingPage(document, location.hash, visitorZone)
  // Started: the note for a script that never runs stays hidden (src/lib/page-script-stall.ts).
  markPageScriptRan(document)
})
addEventListener('hashchange', () => location.reload())
