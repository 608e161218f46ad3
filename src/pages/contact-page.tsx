import { Contact, type RefusedForm } from '../sections/contact.tsx'
import { PageFrame } from '../sections/page-frame.tsx'

/**
 * The contact form on a page of its own (/contato): the Node server takes the form's POST
 * here, and shows this page again, with `refused`, when the database refuses it.
 */
export function ContactPage({ refused }: { refused?: RefusedForm }) {
  return (
    <PageFrame page="contact">
      <Contact subject refused={refused} />
    </PageFrame>
  )
}
