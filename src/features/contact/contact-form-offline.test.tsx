import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { contactForm, contactToasts } from '../../content/contact.ts'
import { ContactForm } from './contact-form.tsx'

// The form's behaviour is a separate chunk; a visitor who lost the connection after the page
// loaded cannot download it. Here its import fails the way a failed chunk download does.
vi.mock('./contact-runtime.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module')
})

it('says the message was not sent, and keeps it, when the form cannot load its behaviour', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const user = userEvent.setup()
  render(<ContactForm />)
  const { fields } = contactForm
  await user.type(screen.getByLabelText(fields.name.label), 'Ana Souza')
  await user.type(screen.getByLabelText(fields.email.label), 'ana@example.com')
  await user.type(screen.getByLabelText(fields.message.label), 'Quero um aplicativo.')
  await user.click(screen.getByRole('button', { name: contactForm.submit }))

  expect(await screen.findByRole('alert')).toHaveTextContent(
    `${contactToasts.error.title} ${contactToasts.error.unexpected}`,
  )
  expect(screen.getByLabelText(fields.message.label)).toHaveValue('Quero um aplicativo.')
  expect(screen.getByRole('button', { name: contactForm.submit })).toBeEnabled()
})
