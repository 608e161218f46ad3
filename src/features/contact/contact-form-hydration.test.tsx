import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { contactForm } from '../../content/contact.ts'
import { Island } from '../../islands/island.tsx'
import { ContactForm } from './contact-form.tsx'
import { hydrateContactForm } from './hydrate-contact-form.tsx'
import type { ContactFormValues } from './send-contact-message.ts'

const { fields } = contactForm

/** The prerendered form, as the visitor sees it until their first use loads its code. */
function prerender(initialValues?: ContactFormValues): HTMLElement {
  document.body.innerHTML = renderToString(
    <Island name="contact-form">
      <ContactForm initialValues={initialValues} />
    </Island>,
  )
  return document.querySelector('[data-island="contact-form"]') as HTMLElement
}

/** Answers the two requests the form sends, and records them. */
function stubBackend() {
  const fetchMock = vi.fn((input: string | URL | Request) =>
    Promise.resolve(
      String(input).includes('/rest/v1/')
        ? new Response(null, { status: 201 })
        : Response.json({ ok: true }),
    ),
  )
  vi.stubGlobal('fetch', fetchMock)
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  return fetchMock
}

function sentRow(fetchMock: ReturnType<typeof stubBackend>): unknown {
  const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
  return JSON.parse(String(init.body))
}

const hydrated: Root[] = []
const hydrate = async (root: HTMLElement) => {
  await act(async () => {
    hydrated.push(hydrateContactForm(root))
  })
}

afterEach(() => {
  // Unmounted while the document is still there: React's scheduler would otherwise run after
  // the test environment is gone ("window is not defined", seen on a busy machine).
  act(() => hydrated.splice(0).forEach((root) => root.unmount()))
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

it('is ready to send before its code has loaded: the browser posts it to the backend', () => {
  prerender()
  const submit = screen.getByRole('button', { name: contactForm.submit })
  expect(submit).toBeEnabled()
  expect(submit).toHaveAttribute('type', 'submit')
  const form = submit.closest('form') as HTMLFormElement
  expect(form.method).toBe('post')
  expect(form.action).toBe('http://127.0.0.1:54321/functions/v1/submit-contact-form')
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

  const fetchMock = stubBackend()
  const mismatch = vi.spyOn(console, 'error')
  await hydrate(root)

  const submit = screen.getByRole('button', { name: contactForm.submit })
  await waitFor(() => expect(submit).toBeEnabled())
  expect(mismatch).not.toHaveBeenCalled()
  expect(screen.getByLabelText(fields.message.label)).toHaveValue(typedEarly.message)

  await userEvent.setup().click(submit)
  await waitFor(() => expect(fetchMock).toHaveBeenCalled())
  expect(sentRow(fetchMock)).toMatchObject({ ...typedEarly, company: null, form_trap: '' })
})

it('keeps what the server wrote into the fields when it showed a refused form again', async () => {
  // The Node server's page after a refusal: the values are the fields' defaults in the HTML.
  const refused = {
    name: 'Ana "Souza" <b>',
    email: 'ana@example.com',
    company: 'Padaria & Cia',
    message: 'Linha 1\nLinha 2 </textarea> 😀',
  }
  const root = prerender(refused)
  const fetchMock = stubBackend()
  await hydrate(root)

  for (const name of ['name', 'email', 'company', 'message'] as const) {
    expect(screen.getByLabelText(fields[name].label)).toHaveValue(refused[name])
  }
  await userEvent.setup().click(screen.getByRole('button', { name: contactForm.submit }))
  await waitFor(() => expect(fetchMock).toHaveBeenCalled())
  expect(sentRow(fetchMock)).toMatchObject(refused)
})
