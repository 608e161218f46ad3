import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createContext, useContext, useId } from 'react'
import type { Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { NewTabLink } from '../components/new-tab-link.tsx'
import { contactForm } from '../content/contact.ts'
import { errorScreen } from '../content/error-screen.ts'
import { ContactForm } from '../features/contact/contact-form.tsx'
import { hydrateIsland } from './hydrate-island.tsx'
import { Island } from './island.tsx'

const Theme = createContext('island default')

/** A labelled field: useId and a context, the two things that tie markup to its place. */
function Field() {
  const id = useId()
  const theme = useContext(Theme)
  return (
    <p>
      <label htmlFor={id}>{theme}</label>
      <input id={id} />
    </p>
  )
}

/** A page around an island that uses ids and context of its own, as real pages do. */
function Page({ children }: { children: React.ReactElement }) {
  const id = useId()
  return (
    <Theme.Provider value="page value">
      <main id={id}>
        <Field />
        <Island name="contact-form">{children}</Island>
        <p>static text</p>
      </main>
    </Theme.Provider>
  )
}

let browser = false
/** Renders at build time, throws once in the browser: a failure only a visitor would see. */
function FailsInBrowser({ error }: { error: unknown }) {
  if (browser) throw error
  return <p>form</p>
}

/** A form as an island renders it: posts without script, a hidden bot trap. Fails on demand. */
function MessageForm({ action }: { action?: string }) {
  if (browser) throw new Error('falha ao montar o formulário')
  return (
    <form method="post" action={action}>
      <label htmlFor="form-name">Nome</label>
      <input id="form-name" name="name" required maxLength={80} autoComplete="name" />
      <label htmlFor="form-email">Email</label>
      <input id="form-email" name="email" type="email" required />
      <label htmlFor="form-message">Mensagem</label>
      <textarea id="form-message" name="message" rows={6} required />
      <div hidden>
        <label htmlFor="form-trap">Deixe em branco</label>
        <input id="form-trap" name="website" />
      </div>
      <button type="submit">Enviar</button>
      <p>
        Ao enviar, você concorda com a nossa{' '}
        <NewTabLink href="/privacidade" hint=" (abre em outra aba)">
          Política de Privacidade
        </NewTabLink>
        .
      </p>
    </form>
  )
}

const typed = { name: 'Ana Souza', email: 'ana@example.com', message: 'Quero um orçamento.' }

/** Types into the prerendered fields, as a visitor does before the island's code has loaded. */
function typeInto(root: HTMLElement, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) {
    const field = root.querySelector<HTMLInputElement>(`[name="${name}"]`)
    if (field) field.value = value
  }
}

function prerender(content: React.ReactElement): HTMLElement {
  document.body.innerHTML = renderToString(<Page>{content}</Page>)
  return document.querySelector('[data-island="contact-form"]') as HTMLElement
}

const hydrated: Root[] = []
const keep = (root: Root) => {
  hydrated.push(root)
}

afterEach(() => {
  // Unmounted while the document is still there: React's scheduler would otherwise run after
  // the test environment is gone.
  act(() => hydrated.splice(0).forEach((root) => root.unmount()))
  browser = false
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('an island', () => {
  it('hydrates without a mismatch, with its own ids and no context from the page around it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const root = prerender(<Field />)
    await act(async () => keep(hydrateIsland(root, <Field />)))

    expect(log).not.toHaveBeenCalled()
    const island = root.querySelector('input') as HTMLInputElement
    expect(island.labels?.[0]).toHaveTextContent('island default')
    expect(Object.keys(island).some((key) => key.startsWith('__reactFiber$'))).toBe(true)
    // The page's own field kept its (different) id: the two never collide.
    const pageField = document.querySelector('main > p input') as HTMLInputElement
    expect(pageField.id).not.toBe(island.id)
  })

  it('that fails in the browser shows the error screen in its place, with the message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const root = prerender(<FailsInBrowser error={new Error('falha ao montar o formulário')} />)
    browser = true
    await act(async () =>
      keep(
        hydrateIsland(root, <FailsInBrowser error={new Error('falha ao montar o formulário')} />),
      ),
    )

    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(errorScreen.title)
    expect(errorScreen.title).toBe('Unexpected Application Error!')
    expect(alert).toHaveTextContent('falha ao montar o formulário')
    expect(root).toContainElement(alert)
    expect(screen.getByText('static text')).toBeInTheDocument()
  })

  it('that throws a response shows its status text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const unavailable = new Response(null, { status: 503, statusText: 'Service Unavailable' })
    const root = prerender(<FailsInBrowser error={unavailable} />)
    browser = true
    await act(async () => keep(hydrateIsland(root, <FailsInBrowser error={unavailable} />)))

    expect(screen.getByRole('alert')).toHaveTextContent('Unexpected Application Error!')
    expect(screen.getByRole('alert')).toHaveTextContent('503 Service Unavailable')
  })

  it('that throws while the build renders it fails the build instead of shipping the error', () => {
    browser = true
    expect(() => prerender(<FailsInBrowser error={new Error('quebrado no build')} />)).toThrow(
      'quebrado no build',
    )
  })

  it('that fails keeps what the visitor typed, in a plain form that posts where the island posted', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const root = prerender(<MessageForm action="/contato" />)
    typeInto(root, typed)
    browser = true
    await act(async () => keep(hydrateIsland(root, <MessageForm action="/contato" />)))

    expect(screen.getByRole('alert')).toHaveTextContent(errorScreen.title)
    expect(screen.getByRole('alert')).toHaveTextContent('falha ao montar o formulário')
    expect(screen.getByRole('alert')).toHaveTextContent(errorScreen.kept)
    const kept = root.querySelector('form') as HTMLFormElement
    expect(kept.getAttribute('method')).toBe('post')
    expect(kept.getAttribute('action')).toBe('/contato')
    // Exactly what a native submit sends: the visitor's text and the empty bot trap.
    expect(Object.fromEntries(new FormData(kept))).toEqual({ ...typed, website: '' })
    expect(screen.getByLabelText('Nome')).toHaveValue(typed.name)
    expect(screen.getByLabelText('Nome')).toBeRequired()
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText('Mensagem')).toHaveValue(typed.message)
    expect(screen.queryByLabelText('Deixe em branco')).toBeNull()
    expect(screen.getByRole('button', { name: errorScreen.send })).toHaveAttribute('type', 'submit')
    // What sending agrees to is said again beside the button, its link still opening another
    // tab and saying so to screen readers only, as the form's own did.
    expect(kept).toHaveTextContent(
      'Ao enviar, você concorda com a nossa Política de Privacidade (abre em outra aba).',
    )
    // Chromium names it 'Política de Privacidade (abre em outra aba)' (the browser test of the
    // privacy notice); the DOM library here drops the hidden part's leading space.
    const link = screen.getByRole('link', {
      name: /^Política de Privacidade ?\(abre em outra aba\)$/,
    })
    expect(link).toHaveAttribute('href', '/privacidade')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveClass('new-tab')
    expect(link.firstChild).toHaveTextContent(/^Política de Privacidade$/)
    expect(link.querySelector('.sr-only')?.textContent).toBe(' (abre em outra aba)')
  })

  it('that fails can be tried again, and comes back with the text the visitor kept and changed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const root = prerender(<MessageForm action="/contato" />)
    typeInto(root, typed)
    browser = true
    await act(async () => keep(hydrateIsland(root, <MessageForm action="/contato" />)))
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Mensagem'), ' Para março.')

    browser = false
    await user.click(screen.getByRole('button', { name: errorScreen.retry }))

    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeInTheDocument()
    expect(screen.getByLabelText('Nome')).toHaveValue(typed.name)
    expect(screen.getByLabelText('Email')).toHaveValue(typed.email)
    expect(screen.getByLabelText('Mensagem')).toHaveValue(`${typed.message} Para março.`)
  })

  it('puts a visitor who was typing back in the same field, caret at the end of their text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const root = prerender(<MessageForm action="/contato" />)
    typeInto(root, typed)
    root.querySelector<HTMLTextAreaElement>('[name="message"]')?.focus()
    browser = true
    await act(async () => keep(hydrateIsland(root, <MessageForm action="/contato" />)))

    expect(screen.getByRole('alert')).toHaveTextContent(errorScreen.title)
    const message = screen.getByLabelText('Mensagem') as HTMLTextAreaElement
    expect(message).toHaveFocus()
    expect(message.selectionStart).toBe(typed.message.length)
  })

  it('whose form cannot post without its code still shows the text to copy, and no send button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const root = prerender(<MessageForm />)
    typeInto(root, typed)
    browser = true
    await act(async () => keep(hydrateIsland(root, <MessageForm />)))

    expect(screen.getByRole('alert')).toHaveTextContent(errorScreen.keptToCopy)
    expect(screen.getByLabelText('Mensagem')).toHaveValue(typed.message)
    expect(screen.queryByRole('button', { name: errorScreen.send })).toBeNull()
    expect(screen.getByRole('button', { name: errorScreen.retry })).toBeInTheDocument()
  })

  it('the contact form that fails while the visitor types gives their text back to the form when tried again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { fields } = contactForm
    document.body.innerHTML = renderToString(
      <Island name="contact-form">
        <ContactForm />
      </Island>,
    )
    const root = document.querySelector('[data-island="contact-form"]') as HTMLElement
    typeInto(root, typed)
    // A browser whose form checks fail once: the form's first effect throws.
    const check = HTMLInputElement.prototype.setCustomValidity
    let failures = 1
    vi.spyOn(HTMLInputElement.prototype, 'setCustomValidity').mockImplementation(function (
      this: HTMLInputElement,
      message: string,
    ) {
      if (failures-- > 0) throw new Error('setCustomValidity failed')
      check.call(this, message)
    })
    await act(async () => keep(hydrateIsland(root, <ContactForm />)))
    expect(screen.getByRole('alert')).toHaveTextContent('setCustomValidity failed')
    expect(screen.getByLabelText(fields.message.label)).toHaveValue(typed.message)

    await userEvent.setup().click(screen.getByRole('button', { name: errorScreen.retry }))
    const submit = screen.getByRole('button', { name: contactForm.submit })
    await waitFor(() => expect(submit).toBeEnabled())
    expect(screen.getByLabelText(fields.name.label)).toHaveValue(typed.name)
    expect(screen.getByLabelText(fields.email.label)).toHaveValue(typed.email)
    expect(screen.getByLabelText(fields.message.label)).toHaveValue(typed.message)
  })
})
