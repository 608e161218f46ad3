import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { contactForm } from '../../content/contact.ts'
import { ContactForm } from './contact-form.tsx'

// The form's behaviour is a separate chunk; a visitor who lost the connection after the page
// loaded (or whose blocker refuses it) cannot download it. Here its import fails the way a
// failed chunk download does.
vi.mock('./contact-runtime.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module')
})

it('says the message was not sent yet, keeps it, and lets the browser post it on the next try', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const user = userEvent.setup()
  render(<ContactForm />)
  const { fields } = contactForm
  await user.type(screen.getByLabelText(fields.name.label), 'Ana Souza')
  await user.type(screen.getByLabelText(fields.email.label), 'ana@example.com')
  await user.type(screen.getByLabelText(fields.message.label), 'Quero um aplicativo.')
  // Whether the form's own handler stopped the browser from posting it (seen after React's).
  const posted: boolean[] = []
  const record = (event: Event) => posted.push(!event.defaultPrevented)
  document.addEventListener('submit', record)
  await user.click(screen.getByRole('button', { name: contactForm.submit }))

  expect(await screen.findByRole('alert')).toHaveTextContent(
    `${contactForm.fallback.notSentYet} ${contactForm.fallback.notice}`,
  )
  expect(screen.getByLabelText(fields.message.label)).toHaveValue('Quero um aplicativo.')
  expect(screen.getByRole('button', { name: contactForm.submit })).toBeEnabled()
  expect(posted).toEqual([false])

  await user.click(screen.getByRole('button', { name: contactForm.submit }))
  expect(posted).toEqual([false, true])
  document.removeEventListener('submit', record)
})
