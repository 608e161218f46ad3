import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { contactForm } from '../../content/contact.ts'
import { Island } from '../../islands/island.tsx'
import { ContactForm } from './contact-form.tsx'
import { hydrateContactForm } from './hydrate-contact-form.tsx'

const { fields } = contactForm

/** The prerendered form, as the visitor sees it until their first use loads its code. */
function prerender(): HTMLElement {
  document.body.innerHTML = renderToString(
    <Island name="contact-form">
      <ContactForm />
    </Island>,
  )
  return document.querySelector('[data-island="contact-form"]') as HTMLElement
}

afterEach(() => {
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

it('cannot be submitted before its code has loaded, which would reload the page and lose the text', () => {
  prerender()
  expect(screen.getByRole('button', { name: contactForm.submit })).toBeDisabled()
})

it('keeps and sends what the visitor typed while its code was loading', async () => {
  const root = prerender()
  const typedEarly = {
    name: 'Ana Souza',
    email: 'ana@example.com',
    message: 'Digitei antes de o formulário terminar de carregar.',
  }
  ;(screen.getByLabelText(fields.name.label) as HTMLInputElement).value = typedEarly.name
  ;(screen.getByLabelText(fields.email.label) as HTMLInputElement).value = typedEarly.email
  ;(screen.getByLabelText(fields.message.label) as HTMLTextAreaElement).value = typedEarly.message

  const fetchMock = vi.fn((input: string | URL | Request) =>
    Promise.resolve(
      String(input).includes('/rest/v1/')
        ? new Response(null, { status: 201 })
        : Response.json({ ok: true }),
    ),
  )
  vi.stubGlobal('fetch', fetchMock)
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  const mismatch = vi.spyOn(console, 'error')
  await act(async () => hydrateContactForm(root))

  const submit = screen.getByRole('button', { name: contactForm.submit })
  await waitFor(() => expect(submit).toBeEnabled())
  expect(mismatch).not.toHaveBeenCalled()
  expect(screen.getByLabelText(fields.message.label)).toHaveValue(typedEarly.message)

  await userEvent.setup().click(submit)
  await waitFor(() => expect(fetchMock).toHaveBeenCalled())
  const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
  expect(JSON.parse(String(init.body))).toMatchObject({
    ...typedEarly,
    company: null,
    form_trap: '',
  })
})
