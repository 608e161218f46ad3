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

  describe('when the code cannot be downloaded', () => {
    beforeEach(() => {
      vi.useFakeTimers()
      vi.spyOn(console, 'error').mockImplementation(() => undefined)
    })
    afterEach(() => {
      vi.useRealTimers()
    })

    const failed = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
    const type = (field: HTMLInputElement, keys: number) => {
      for (let key = 0; key < keys; key += 1) {
        field.dispatchEvent(new Event('input', { bubbles: true }))
      }
    }

    it('waits before trying again, however much the visitor types, then gives up', async () => {
      const { root, field } = formOnPage()
      const hydrate = vi.fn<() => Promise<void>>(failed)
      hydrateOnIntent(root, hydrate)

      field.focus()
      type(field, 10)
      await vi.advanceTimersByTimeAsync(1_000)
      type(field, 10)
      expect(hydrate).toHaveBeenCalledTimes(1)

      // The pause over, the visitor still in the form: one more try, then a longer pause.
      await vi.advanceTimersByTimeAsync(1_000)
      expect(hydrate).toHaveBeenCalledTimes(2)
      type(field, 10)
      await vi.advanceTimersByTimeAsync(9_000)
      type(field, 10)
      expect(hydrate).toHaveBeenCalledTimes(2)

      await vi.advanceTimersByTimeAsync(1_000)
      expect(hydrate).toHaveBeenCalledTimes(3)
      // Three tries: the form is the browser's own from now on.
      for (let minute = 0; minute < 60; minute += 1) {
        type(field, 10)
        field.blur()
        field.focus()
        await vi.advanceTimersByTimeAsync(60_000)
      }
      expect(hydrate).toHaveBeenCalledTimes(3)
    })

    it('tries again on the next use after the pause, and loads then', async () => {
      const { root, field } = formOnPage()
      const hydrate = vi
        .fn<() => Promise<void>>()
        .mockImplementationOnce(failed)
        .mockResolvedValue(undefined)
      hydrateOnIntent(root, hydrate)

      field.focus()
      await vi.advanceTimersByTimeAsync(0)
      expect(console.error).toHaveBeenCalled()
      field.blur()
      await vi.advanceTimersByTimeAsync(5_000)
      expect(hydrate).toHaveBeenCalledTimes(1)
      type(field, 1)
      await vi.advanceTimersByTimeAsync(0)
      type(field, 5)
      await vi.advanceTimersByTimeAsync(60_000)
      expect(hydrate).toHaveBeenCalledTimes(2)
    })
  })
})
