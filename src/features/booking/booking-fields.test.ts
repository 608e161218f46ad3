import { bookingFieldErrors } from '../../content/booking.ts'
import { contactFieldErrors } from '../../content/contact-errors.ts'
import { bookingMessages } from '../../content/booking-messages.ts'
import { refusalText, type Refusal } from './booking-calls.ts'
import {
  checkCancelMessage,
  checkNote,
  explainBookingFields,
  explainCancelMessage,
} from './booking-fields.ts'

describe("the booking form's rules, before anything is sent", () => {
  it.each([
    ['Queremos um aplicativo para a equipe de campo.', null],
    ['Linha um\nlinha dois\tcom tab', null],
    ['', 'required'],
    [' \u200b\u00a0 ', 'required'],
    ['a'.repeat(1000), null],
    ['a'.repeat(1001), 'too_long'],
    ['😀'.repeat(1000), null],
    ['sino\u0007', 'invalid'],
  ])('a note of %j is %s', (note, problem) => {
    expect(checkNote(note)).toBe(problem)
  })

  it('lets a cancellation go without a message, but not with one the database refuses', () => {
    expect(checkCancelMessage('')).toBeNull()
    expect(checkCancelMessage('   ')).toBeNull()
    expect(checkCancelMessage('Surgiu um imprevisto.')).toBeNull()
    expect(checkCancelMessage('x'.repeat(1001))).toBe('too_long')
    expect(checkCancelMessage('x\u001b[31m')).toBe('invalid')
  })

  it("marks each refused field with the database's words, and clears them once fixed", () => {
    document.body.innerHTML = `<form>
      <input name="name" value=" "><input name="email" value="ana@"><input name="company" value="">
      <textarea name="note"></textarea><textarea name="message">${'x'.repeat(1001)}</textarea></form>`
    const form = document.querySelector('form') as HTMLFormElement
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement
    explainBookingFields(form)
    explainCancelMessage(form, 'message')
    expect(field('name').validationMessage).toBe(contactFieldErrors.name.required)
    expect(field('email').validationMessage).toBe(contactFieldErrors.email.invalid)
    expect(field('company').validationMessage).toBe('')
    expect(field('note').validationMessage).toBe(bookingFieldErrors.note.required)
    expect(field('message').validationMessage).toBe(bookingFieldErrors.cancelMessage.too_long)

    field('name').value = 'Ana'
    field('email').value = 'ana@empresa.com.br'
    field('note').value = 'Um site novo.'
    field('message').value = ''
    explainBookingFields(form)
    explainCancelMessage(form, 'message')
    expect(form.checkValidity()).toBe(true)
  })
})

describe('what the page says for a refusal', () => {
  const refusal = (overrides: Partial<Refusal>): Refusal => ({
    status: 409,
    code: 'PT409',
    details: 'slot_taken',
    message: 'Esse horário acabou de ser reservado por outra pessoa. Escolha outro horário.',
    hint: null,
    ...overrides,
  })

  it("is the database's own words for its refusals and a field's", () => {
    expect(refusalText(refusal({}))).toBe(refusal({}).message)
    const field = refusal({
      status: 400,
      code: '23514',
      details: null,
      message: 'Informe o seu nome.',
    })
    expect(refusalText(field)).toBe('Informe o seu nome.')
  })

  it('says when to try again for a limit', () => {
    const limit = refusal({
      status: 429,
      code: 'PT429',
      details: 'address_limit',
      message: 'Muitos agendamentos feitos deste endereço hoje. Tente novamente mais tarde.',
      hint: 'Tente de novo em 3 hora(s).',
    })
    expect(refusalText(limit)).toBe(
      'Muitos agendamentos feitos deste endereço hoje. Tente novamente mais tarde. Tente de novo em 3 hora(s).',
    )
  })

  it('is the page’s own when no answer came or the words are not the database’s', () => {
    expect(refusalText(refusal({ status: 0, code: null, message: null }))).toBe(
      bookingMessages.unreachable,
    )
    const gateway = refusal({
      status: 404,
      code: 'PGRST202',
      message: 'Could not find the function',
    })
    expect(refusalText(gateway)).toBe(bookingMessages.failed)
    expect(refusalText(refusal({ status: 502, code: null, message: 'Bad Gateway' }))).toBe(
      bookingMessages.failed,
    )
  })
})
