import { act, screen } from '@testing-library/react'
import { createContext, useContext, useId } from 'react'
import { renderToString } from 'react-dom/server'
import { errorScreen } from '../content/not-found.ts'
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

function prerender(content: React.ReactElement): HTMLElement {
  document.body.innerHTML = renderToString(<Page>{content}</Page>)
  return document.querySelector('[data-island="contact-form"]') as HTMLElement
}

afterEach(() => {
  browser = false
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('an island', () => {
  it('hydrates without a mismatch, with its own ids and no context from the page around it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const root = prerender(<Field />)
    await act(async () => hydrateIsland(root, <Field />))

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
      hydrateIsland(root, <FailsInBrowser error={new Error('falha ao montar o formulário')} />),
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
    await act(async () => hydrateIsland(root, <FailsInBrowser error={unavailable} />))

    expect(screen.getByRole('alert')).toHaveTextContent('Unexpected Application Error!')
    expect(screen.getByRole('alert')).toHaveTextContent('503 Service Unavailable')
  })

  it('that throws while the build renders it fails the build instead of shipping the error', () => {
    browser = true
    expect(() => prerender(<FailsInBrowser error={new Error('quebrado no build')} />)).toThrow(
      'quebrado no build',
    )
  })
})
