import { ManageBooking } from '../sections/manage-booking.tsx'
import { PageFrame } from '../sections/page-frame.tsx'

export function ManageBookingPage() {
  return (
    <PageFrame page="manage-booking">
      <ManageBooking />
    </PageFrame>
  )
}
