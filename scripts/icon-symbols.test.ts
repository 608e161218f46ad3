import { ICON_SPRITE_URL, iconSymbols } from '../src/components/icon-sprite.tsx'
import { inlineIconSymbols } from './icon-symbols.ts'

const icon = (id: string) =>
  `<svg aria-hidden="true" class="size-5"><use href="${ICON_SPRITE_URL}#icon-${id}"></use></svg>`
const page = (body: string) =>
  `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`

describe('the icons written into a page', () => {
  it('point every <use> at a hidden symbol of the page, and bring only the ones it draws', () => {
    const html = inlineIconSymbols(
      page(`<ul><li>${icon('mail')}</li><li>${icon('phone')}</li><li>${icon('mail')}</li></ul>`),
      ICON_SPRITE_URL,
      iconSymbols,
    )
    expect(html).toBeDefined()
    expect(html).not.toContain(ICON_SPRITE_URL)
    const doc = new DOMParser().parseFromString(html ?? '', 'text/html')
    const uses = [...doc.querySelectorAll('use')].map((use) => use.getAttribute('href'))
    expect(uses).toEqual(['#icon-mail', '#icon-phone', '#icon-mail'])
    for (const href of uses) {
      const symbol = doc.querySelector(href ?? '')
      expect(symbol?.tagName, href ?? '').toBe('symbol')
      expect(symbol?.parentElement?.getAttribute('style')).toBe('display:none')
    }
    expect([...doc.querySelectorAll('symbol')].map((symbol) => symbol.id)).toEqual([
      'icon-mail',
      'icon-phone',
    ])
    // Last in the body: nothing the visitor sees first waits for them.
    expect(doc.body.lastElementChild?.querySelector('symbol')).not.toBeNull()
  })

  it('leave a page that draws no icon as it is', () => {
    expect(inlineIconSymbols(page('<p>Olá</p>'), ICON_SPRITE_URL, iconSymbols)).toBeUndefined()
  })
})
