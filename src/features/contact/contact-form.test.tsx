import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { contactForm, contactToasts } from '../../content/contact.ts'
import { contactFieldErrors } from '../../content/contact-errors.ts'
import { ContactForm } from './contact-form.tsx'
import { DB_REQUEST_TIMEOUT_MS } from '../../lib/supabase.ts'

type FetchArgs = [input: string | URL | Request, init?: RequestInit]
type Responder = (...args: FetchArgs) => Promise<Response>

const created = () => Promise.resolve(new Response(null, { status: 201 }))
const mailed = () => Promise.resolve(Response.json({ ok: true }))

/** Stubs the network edge only: the real form, sending logic and Supabase clients run. */
function stubBackend({
  insert = created,
  invoke = mailed,
}: {
  insert?: Responder
  invoke?: Responder
}) {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>((input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    if (url.includes('/rest/v1/contact_submissions')) return insert(input, init)
    if (url.includes('/functions/v1/send-contact-email')) return invoke(input, init)
    return Promise.reject(new TypeError(`unexpected request to ${url}`))
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function requestBody(fetchMock: ReturnType<typeof stubBackend>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([input]) => String(input).includes(path))
  return call ? JSON.parse(String(call[1]?.body)) : undefined
}

const field = (label: string) => screen.getByLabelText(label)
const labels = contactForm.fields

async function fillForm(user: ReturnType<typeof userEvent.setup>, company = '') {
  await user.type(field(labels.name.label), 'Ana Souza')
  await user.type(field(labels.email.label), 'ana@example.com')
  if (company) await user.type(field(labels.company.label), company)
  await user.type(field(labels.message.label), 'Quero um aplicativo.')
}

beforeEach(() => {
  // sonner keeps its toasts in a module-level store that outlives each rendered tree.
  toast.dismiss()
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('contact form', () => {
  it('stores the message, asks for the e-mail, clears the fields and confirms', async () => {
    const user = userEvent.setup()
    const fetchMock = stubBackend({})
    render(<ContactForm />)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: contactForm.submit }))

    expect(await screen.findByText(contactToasts.success.title)).toBeInTheDocument()
    expect(screen.getByText(contactToasts.success.description)).toBeInTheDocument()
    for (const label of Object.values(labels)) expect(field(label.label)).toHaveValue('')

    const submission = {
      name: 'Ana Souza',
      email: 'ana@example.com',
      company: null,
      message: 'Quero um aplicativo.',
    }
    expect(requestBody(fetchMock, '/rest/v1/contact_submissions')).toEqual({
      ...submission,
      form_trap: '',
      form_elapsed_ms: expect.any(Number) as number,
      // Where the visitor came from: here, only the page (decision 033).
      landing_path: '/',
    })
    // The function only needs the lead; the bot signals are the database's business.
    expect(requestBody(fetchMock, '/functions/v1/send-contact-email')).toEqual(submission)
    const [firstUrl] = fetchMock.mock.calls[0] ?? []
    expect(String(firstUrl)).toContain('/rest/v1/contact_submissions')
  })

  it('sends what a bot wrote into the hidden field, and how long the page was open', async () => {
    const user = userEvent.setup()
    const fetchMock = stubBackend({})
    vi.spyOn(performance, 'now').mockReturnValue(12_345.6)
    const { container } = render(<ContactForm />)
    const trap = container.querySelector<HTMLInputElement>(`[name="${contactForm.trap.name}"]`)
    // A person cannot reach it: hidden, out of the tab order, and no role for a screen reader.
    expect(trap).not.toBeVisible()
    expect(trap).toHaveAttribute('tabindex', '-1')
    expect(screen.queryByRole('textbox', { name: contactForm.trap.label })).toBeNull()
    if (trap) trap.value = 'https://spam.example'
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: contactForm.submit }))
    await screen.findByText(contactToasts.success.title)
    expect(requestBody(fetchMock, '/rest/v1/contact_submissions')).toMatchObject({
      form_trap: 'https://spam.example',
      form_elapsed_ms: 12_346,
    })
  })

  it('explains in Portuguese why a field cannot be sent, before anything is sent', async () => {
    const user = userEvent.setup()
    stubBackend({})
    render(<ContactForm />)
    const name = field(labels.name.label) as HTMLInputElement
    const email = field(labels.email.label) as HTMLInputElement
    expect(name.validationMessage).toBe(contactFieldErrors.name.required)
    await user.type(name, '\u00a0\u200b')
    expect(name.validationMessage).toBe(contactFieldErrors.name.required)
    await user.clear(name)
    await user.type(name, 'Ana')
    expect(name.validity.valid).toBe(true)
    await user.type(email, 'a;b<c>@example.com')
    expect(email.validationMessage).toBe(contactFieldErrors.email.invalid)
    await user.clear(email)
    await user.type(email, 'ana@example.com')
    expect(email.validity.valid).toBe(true)
  })

  it('sends the company when one is given', async () => {
    const user = userEvent.setup()
    const fetchMock = stubBackend({})
    render(<ContactForm />)
    await fillForm(user, 'Acme Ltda')
    await user.click(screen.getByRole('button', { name: contactForm.submit }))
    await screen.findByText(contactToasts.success.title)
    expect(requestBody(fetchMock, '/rest/v1/contact_submissions')).toMatchObject({
      company: 'Acme Ltda',
    })
  })

  it('keeps the fields and shows the database message when the insert fails', async () => {
    const user = userEvent.setup()
    const fetchMock = stubBackend({
      insert: () =>
        Promise.resolve(
          Response.json(
            {
              code: '23514',
              message: 'new row violates check constraint',
              details: null,
              hint: null,
            },
            { status: 400 },
          ),
        ),
    })
    render(<ContactForm />)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: contactForm.submit }))

    expect(await screen.findByText(contactToasts.error.title)).toBeInTheDocument()
    expect(
      screen.getByText('Erro ao salvar no banco de dados: new row violates check constraint'),
    ).toBeInTheDocument()
    expect(field(labels.name.label)).toHaveValue('Ana Souza')
    expect(field(labels.message.label)).toHaveValue('Quero um aplicativo.')
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/functions/'))).toBe(
      false,
    )
  })

  it('shows the generic error when the network is down', async () => {
    const user = userEvent.setup()
    stubBackend({ insert: () => Promise.reject(new TypeError('Failed to fetch')) })
    render(<ContactForm />)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: contactForm.submit }))

    expect(await screen.findByText(contactToasts.error.title)).toBeInTheDocument()
    expect(screen.getByText('Ocorreu um erro inesperado.')).toBeInTheDocument()
    expect(field(labels.email.label)).toHaveValue('ana@example.com')
  })

  it('gives up on a request that never answers, says so and keeps the message', async () => {
    // Fake clocks that still move with real time, so typing works; the wait is then skipped.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    // Like a real fetch on a dead connection: no answer, until the caller aborts.
    const fetchMock = stubBackend({
      insert: (_input, init) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    })
    render(<ContactForm />)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: contactForm.submit }))
    await screen.findByRole('button', { name: contactForm.submitting })
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())

    vi.advanceTimersByTime(DB_REQUEST_TIMEOUT_MS - 1000)
    expect(screen.queryByText(contactToasts.error.title)).not.toBeInTheDocument()
    vi.advanceTimersByTime(1000)
    expect(await screen.findByText(contactToasts.error.unexpected)).toBeInTheDocument()
    expect(field(labels.message.label)).toHaveValue('Quero um aplicativo.')
    expect(screen.getByRole('button', { name: contactForm.submit })).toBeEnabled()
    vi.useRealTimers()
  })

  it('still confirms when only the e-mail fails, and logs that failure', async () => {
    const user = userEvent.setup()
    stubBackend({
      invoke: () => Promise.resolve(Response.json({ error: 'smtp down' }, { status: 502 })),
    })
    render(<ContactForm />)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: contactForm.submit }))

    expect(await screen.findByText(contactToasts.success.title)).toBeInTheDocument()
    expect(field(labels.name.label)).toHaveValue('')
    expect(console.error).toHaveBeenCalledWith('send-contact-email failed', expect.anything())
  })

  it('disables every field and the button while sending', async () => {
    const user = userEvent.setup()
    let finishInsert: (response: Response) => void = () => undefined
    const fetchMock = stubBackend({
      insert: () => new Promise<Response>((resolve) => (finishInsert = resolve)),
    })
    render(<ContactForm />)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: contactForm.submit }))

    const button = await screen.findByRole('button', { name: contactForm.submitting })
    expect(button).toBeDisabled()
    for (const label of Object.values(labels)) expect(field(label.label)).toBeDisabled()
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    expect(button).toBeDisabled()

    finishInsert(new Response(null, { status: 201 }))
    await screen.findByText(contactToasts.success.title)
    await waitFor(() =>
      expect(screen.getByRole('button', { name: contactForm.submit })).toBeEnabled(),
    )
    expect(field(labels.name.label)).toBeEnabled()
  })

  it('puts the announcement region in place as soon as the form runs, before any toast', async () => {
    stubBackend({})
    render(<ContactForm />)
    // The form only runs once the visitor starts using it (it is an island hydrated on intent).
    expect(await screen.findByRole('region', { name: contactToasts.regionLabel })).toHaveAttribute(
      'aria-live',
      'polite',
    )
    expect(screen.queryByRole('listitem')).toBeNull()
  })
})
