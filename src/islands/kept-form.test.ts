import { describe, expect, it } from 'vitest'
import { keepFormOf, readForm } from './kept-form.ts'

describe('keepFormOf', () => {
  it('keeps what was typed after the island started, even once its form is taken away', () => {
    const root = document.createElement('div')
    root.innerHTML =
      '<form action="/contato"><label for="m">Mensagem</label><textarea id="m" name="message"></textarea></form>'
    document.body.append(root)
    const keeper = keepFormOf(root)
    const message = root.querySelector('textarea')
    if (!message) throw new Error('no textarea')
    message.value = 'Um sistema de estoque para três lojas.'
    message.dispatchEvent(new Event('input', { bubbles: true }))
    // The island fails and React removes its markup before anything asks for the form.
    root.replaceChildren()
    expect(keeper.read()?.fields.find((field) => field.name === 'message')?.value).toBe(
      'Um sistema de estoque para três lojas.',
    )
    root.remove()
  })

  it("keeps a link's words for screen readers apart from those shown, so they stay unseen", () => {
    const root = document.createElement('div')
    root.innerHTML =
      '<form><p>Ao enviar, você concorda com a nossa <a href="/privacidade" target="_blank" class="new-tab">Política de Privacidade<span class="sr-only"> (abre em outra aba)</span></a>.</p></form>'
    expect(readForm(root.querySelector('form') as HTMLFormElement).notes).toEqual([
      [
        { text: 'Ao enviar, você concorda com a nossa ' },
        {
          text: 'Política de Privacidade',
          href: '/privacidade',
          newTab: true,
          hiddenText: ' (abre em outra aba)',
        },
        { text: '.' },
      ],
    ])
  })
})
