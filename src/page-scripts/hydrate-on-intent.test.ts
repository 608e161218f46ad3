import { hydrateOnIntent } from './hydrate-on-intent.ts'

function formOnPage() {
  document.body.innerHTML = '<div id="island"><form><input id="name"></form></div><p>texto</p>'
  return {
    root: document.getElementById('island') as HTMLElement,
    field: document.getElementById('name') as HTMLInputElement,
  }
}

/** jsdom has no PointerEvent; a plain event with the fields the handler reads stands in. */
function pointerDown(target: Element, pointerType: 'mouse' | 'pen' | 'touch') {
  target.dispatchEvent(Object.assign(new Event('pointerdown', { bubbles: true }), { pointerType }))
}

const settle = () => new Promise((resolve) => setTimeout(resolve))

afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('hydrateOnIntent', () => {
  it('loads nothing for a visitor who only reads, hovers or swipes across the form', () => {
    const { root, field } = formOnPage()
    const hydrate = vi.fn(() => Promise.resolve())
    hydrateOnIntent(root, hydrate)

    window.dispatchEvent(new Event('scroll'))
    field.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }))
    field.dispatchEvent(new Event('pointerover', { bubbles: true }))
    pointerDown(field, 'touch')
    ;(document.querySelector('p') as HTMLElement).click()

    expect(hydrate).not.toHaveBeenCalled()
  })

  it.each([
    ['a focus inside it', (field: HTMLInputElement) => field.focus()],
    [
      'typing',
      (field: HTMLInputElement) => field.dispatchEvent(new Event('input', { bubbles: true })),
    ],
    ['a mouse press', (field: HTMLInputElement) => pointerDown(field, 'mouse')],
    ['a pen press', (field: HTMLInputElement) => pointerDown(field, 'pen')],
  ])('loads once on %s', (_what, use) => {
    const { root, field } = formOnPage()
    const hydrate = vi.fn(() => Promise.resolve())
    hydrateOnIntent(root, hydrate)

    use(field)
    field.blur()
    field.focus()
    field.dispatchEvent(new Event('input', { bubbles: true }))

    expect(hydrate).toHaveBeenCalledTimes(1)
  })

  it('loads at once when the visitor is already in the form before the script runs', () => {
    const { root, field } = formOnPage()
    field.focus()
    const hydrate = vi.fn(() => Promise.resolve())
    hydrateOnIntent(root, hydrate)
    expect(hydrate).toHaveBeenCalledTimes(1)
  })

  it('tries again on the next use when the code could not be downloaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { root, field } = formOnPage()
    const hydrate = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(undefined)
    hydrateOnIntent(root, hydrate)

    field.focus()
    await settle()
    expect(console.error).toHaveBeenCalled()
    field.dispatchEvent(new Event('input', { bubbles: true }))
    await settle()
    field.dispatchEvent(new Event('input', { bubbles: true }))

    expect(hydrate).toHaveBeenCalledTimes(2)
  })
})
