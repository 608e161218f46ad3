import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { navLinks } from '../content/navigation.ts'
import { layoutText } from '../content/site.ts'
import { renderApp } from '../../tests/support/render-app.tsx'

// jsdom does not implement scrolling; give it the method so a spy can observe the calls.
Element.prototype.scrollIntoView ??= function scrollIntoView() {}

function spyOnScroll() {
  return vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined)
}

function scrolledSectionIds(spy: ReturnType<typeof spyOnScroll>) {
  return spy.mock.contexts.map((element) => (element as Element).id)
}

afterEach(() => vi.restoreAllMocks())

describe('section links', () => {
  it.each(navLinks.map((link) => [link.label, link.id]))(
    'the header link %s scrolls to #%s and moves focus there',
    async (label, id) => {
      const user = userEvent.setup()
      const scroll = spyOnScroll()
      renderApp('/')
      const desktopNav = screen.getByRole('navigation', { name: layoutText.mainNavLabel })
      const link = within(desktopNav).getAllByRole('link', { name: label })[0] as HTMLElement
      expect(link).toHaveAttribute('href', `#${id}`)

      await user.click(link)

      expect(scrolledSectionIds(scroll)).toEqual([id])
      expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' })
      expect(document.activeElement).toBe(document.getElementById(id))
    },
  )

  it.each([
    ['Iniciar Projeto', 'contact'],
    ['Ver Serviços', 'services'],
  ])('the hero button %s scrolls to #%s', async (name, id) => {
    const user = userEvent.setup()
    const scroll = spyOnScroll()
    renderApp('/')
    await user.click(screen.getByRole('link', { name }))
    expect(scrolledSectionIds(scroll)).toEqual([id])
  })

  it('jumps without animation when the visitor prefers reduced motion', async () => {
    const user = userEvent.setup()
    const scroll = spyOnScroll()
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }))
    renderApp('/')
    await user.click(screen.getByRole('link', { name: 'Ver Serviços' }))
    expect(scroll).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' })
    vi.unstubAllGlobals()
  })
})

describe('mobile menu', () => {
  function getToggle() {
    return screen.getByRole('button', { name: layoutText.menuToggleLabel })
  }

  it('opens and closes with the toggle, which names the menu it controls', async () => {
    const user = userEvent.setup()
    renderApp('/')
    const toggle = getToggle()
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '')
    expect(menu).not.toBeNull()
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(menu).not.toBeVisible()

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(menu).toBeVisible()
    const entries = within(menu as HTMLElement).getAllByRole('link')
    expect(entries.map((entry) => entry.textContent)).toEqual(navLinks.map((link) => link.label))

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(menu).not.toBeVisible()
  })

  it('closes when an entry is picked, and scrolls to that section', async () => {
    const user = userEvent.setup()
    const scroll = spyOnScroll()
    renderApp('/')
    await user.click(getToggle())
    const menu = document.getElementById('mobile-menu') as HTMLElement
    await user.click(within(menu).getByRole('link', { name: 'Sobre' }))
    expect(getToggle()).toHaveAttribute('aria-expanded', 'false')
    expect(menu).not.toBeVisible()
    expect(scrolledSectionIds(scroll)).toEqual(['about'])
  })

  it('closes on Escape and gives focus back to the toggle', async () => {
    const user = userEvent.setup()
    renderApp('/')
    await user.click(getToggle())
    const menu = document.getElementById('mobile-menu') as HTMLElement
    within(menu).getByRole('link', { name: 'Serviços' }).focus()

    await user.keyboard('{Escape}')

    expect(getToggle()).toHaveAttribute('aria-expanded', 'false')
    expect(menu).not.toBeVisible()
    expect(getToggle()).toHaveFocus()
  })
})
