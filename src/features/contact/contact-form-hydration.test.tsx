import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { contactForm } from '../../content/contact.ts'
import { ContactForm } from './contact-form.tsx'

const { fields } = contactForm
let root: Root | undefined
let container: HTMLElement

/** The prerendered form, as a visitor on a slow phone sees it before the script has run. */
function prerender() {
  container = document.createElement('div')
  container.innerHTML = renderToString(<ContactForm />)
  document.body.append(container)
}

async function hydrate() {
  await act(async () => {
    root = hydrateRoot(container, <ContactForm />)
  })
}

afterEach(() => {
  act(() => root?.unmount())
  container.remove()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

it('cannot be submitted before the page is interactive, which would reload it and lose the text', () => {
  prerender()
  expect(screen.getByRole('button', { name: contactForm.submit })).toBeDisabled()
})

it('keeps and sends what the visitor typed before the page became interactive', async () => {
  prerender()
  const typedEarly = {
    name: 'Ana Souza',
    email: 'ana@example.com',
    message: 'Digitei antes de a página terminar de carregar.',
  }
  ;(screen.getByLabelText(fields.name.label) as HTMLInputElement).value = typedEarly.name
  ;(screen.getByLabelText(fields.email.label) as HTMLInputElement).value = typedEarly.email
  ;(screen.getByLabelText(fields.message.label) as HTMLTextAreaElement).value = typedEarly.message

  await hydrate()
  const fetchMock = vi.fn((input: string | URL | Request) =>
    Promise.resolve(
      String(input).includes('/rest/v1/')
        ? new Response(null, { status: 201 })
        : Response.json({ ok: true }),
    ),
  )
  vi.stubGlobal('fetch', fetchMock)
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  const submit = screen.getByRole('button', { name: contactForm.submit })
  await waitFor(() => expect(submit).toBeEnabled())
  expect(screen.getByLabelText(fields.message.label)).toHaveValue(typedEarly.message)

  await userEvent.setup().click(submit)
  await waitFor(() => expect(fetchMock).toHaveBeenCalled())
  const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
  expect(JSON.parse(String(init.body))).toEqual({ ...typedEarly, company: null })
})
