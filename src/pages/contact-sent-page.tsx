import { ContactSent } from '../sections/contact-sent.tsx'
import { PageFrame } from '../sections/page-frame.tsx'

export function ContactSentPage() {
  return (
    <PageFrame page="contact-sent">
      <ContactSent />
    </PageFrame>
  )
}
