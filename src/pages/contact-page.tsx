import { Contact, type RefusedForm } from '../sections/contact.tsx'
import { SiteFooter } from '../sections/site-footer.tsx'
import { SiteHeader } from '../sections/site-header.tsx'

/**
 * The contact form on a page of its own (/contato): the Node server takes the form's POST
 * here, and shows this page again, with `refused`, when the database refuses it.
 */
export function ContactPage({ refused }: { refused?: RefusedForm }) {
  return (
    <>
      <SiteHeader page="contact" />
      <main id="main" tabIndex={-1} className="pt-16 outline-none">
        <Contact subject refused={refused} />
      </main>
      <SiteFooter page="contact" />
    </>
  )
}
