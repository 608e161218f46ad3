import { Booking } from '../sections/booking.tsx'
import { PageFrame } from '../sections/page-frame.tsx'

export function BookingPage() {
  return (
    <PageFrame page="booking">
      <Booking />
    </PageFrame>
  )
}
