import { ContactRefused } from '../sections/contact-refused.tsx'
import { SiteFooter } from '../sections/site-footer.tsx'
import { SiteHeader } from '../sections/site-header.tsx'

export function ContactRefusedPage() {
  return (
    <>
      <SiteHeader page="contact-refused" />
      <main id="main" tabIndex={-1} className="pt-16 outline-none">
        <ContactRefused />
      </main>
      <SiteFooter page="contact-refused" />
    </>
  )
}
