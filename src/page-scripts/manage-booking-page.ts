/**
 * The script of the page behind a booking's link (/agendar/gerenciar#<token>): the phone menu,
 * and the booking the fragment opens. A link with another token opened in this tab changes
 * only the fragment, so the page starts over with it.
 */
import { startManageBookingPage } from '../features/booking/manage-booking.ts'
import { enhancePhoneMenu } from './phone-menu.ts'

for (const menu of document.querySelectorAll<HTMLElement>('[popover]')) enhancePhoneMenu(menu)
startManageBookingPage(document, location.hash)
addEventListener('hashchange', () => location.reload())
