import { Booking } from '../sections/booking.tsx'
import { SiteFooter } from '../sections/site-footer.tsx'
import { SiteHeader } from '../sections/site-header.tsx'

export function BookingPage() {
  return (
    <>
      <SiteHeader page="booking" />
      <main id="main" tabIndex={-1} className="pt-16 outline-none">
        <Booking />
      </main>
      <SiteFooter page="booking" />
    </>
  )
}
