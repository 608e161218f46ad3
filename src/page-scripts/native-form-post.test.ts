import { goBackFromLinks, showIslandFallback, stampTimeOnPage } from './native-form-post.ts'

afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('a form the browser posts by itself', () => {
  it('carries how long the page had been open, written as it is sent', () => {
    document.body.innerHTML =
      '<form><input name="name"><input type="hidden" name="elapsed_ms"></form>'
    const form = document.querySelector('form') as HTMLFormElement
    stampTimeOnPage(form)
    const field = form.elements.namedItem('elapsed_ms') as HTMLInputElement
    expect(field.value).toBe('')

    vi.spyOn(performance, 'now').mockReturnValue(8_765.4)
    // jsdom posts nothing; the submit event is what the browser fires before posting.
    form.addEventListener('submit', (event) => event.preventDefault())
    form.requestSubmit()
    expect(field.value).toBe('8765')
  })

  it('says so when the form could not load, and stops saying so once it has', () => {
    document.body.innerHTML = '<p id="contact-form-fallback" hidden>Sem o código.</p>'
    const notice = document.getElementById('contact-form-fallback') as HTMLElement
    showIslandFallback(document, 'contact-form-fallback', true)
    expect(notice).toBeVisible()
    showIslandFallback(document, 'contact-form-fallback', false)
    expect(notice).not.toBeVisible()
  })

  it('goes back to the form, where the typed text is, when there is a page to go back to', () => {
    document.body.innerHTML = '<a href="/contato/" data-history-back>Voltar</a>'
    const back = vi.spyOn(history, 'back').mockImplementation(() => undefined)
    goBackFromLinks(document)
    const link = document.querySelector('a') as HTMLAnchorElement

    vi.spyOn(history, 'length', 'get').mockReturnValue(1)
    expect(link.dispatchEvent(new MouseEvent('click', { cancelable: true }))).toBe(true)
    expect(back).not.toHaveBeenCalled()

    vi.spyOn(history, 'length', 'get').mockReturnValue(3)
    expect(link.dispatchEvent(new MouseEvent('click', { cancelable: true }))).toBe(false)
    expect(back).toHaveBeenCalledOnce()
  })
})
