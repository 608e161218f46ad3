import { describe, expect, it } from 'vitest'
import { keepFormOf } from './kept-form.ts'

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
})
