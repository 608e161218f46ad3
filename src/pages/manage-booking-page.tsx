import { ManageBooking } from '../sections/manage-booking.tsx'
import { SiteFooter } from '../sections/site-footer.tsx'
import { SiteHeader } from '../sections/site-header.tsx'

export function ManageBookingPage() {
  return (
    <>
      <SiteHeader page="manage-booking" />
      <main id="main" tabIndex={-1} className="pt-16 outline-none">
        <ManageBooking />
      </main>
      <SiteFooter page="manage-booking" />
    </>
  )
}
