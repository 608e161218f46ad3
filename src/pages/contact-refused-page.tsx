import { ContactRefused } from '../sections/contact-refused.tsx'
import { PageFrame } from '../sections/page-frame.tsx'

export function ContactRefusedPage() {
  return (
    <PageFrame page="contact-refused">
      <ContactRefused />
    </PageFrame>
  )
}
