import { ContactSent } from '../sections/contact-sent.tsx'
import { SiteFooter } from '../sections/site-footer.tsx'
import { SiteHeader } from '../sections/site-header.tsx'

export function ContactSentPage() {
  return (
    <>
      <SiteHeader page="contact-sent" />
      <main id="main" tabIndex={-1} className="pt-16 outline-none">
        <ContactSent />
      </main>
      <SiteFooter page="contact-sent" />
    </>
  )
}
