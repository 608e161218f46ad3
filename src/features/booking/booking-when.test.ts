import { describeHoldUntil, describeWhen, isWebAddress } from './booking-when.ts'

const COMPANY = 'America/Sao_Paulo'
const NINE_IN_SAO_PAULO = '2027-03-10T12:00:00Z'

describe("a meeting's time, as the confirmation and the manage page say it", () => {
  it('is one plain line for a visitor on the company’s clock', () => {
    expect(describeWhen(NINE_IN_SAO_PAULO, COMPANY, COMPANY)).toEqual({
      when: 'Quarta-feira, 10/03/2027, às 09:00',
      companyWhen: null,
    })
  })

  it("names the visitor's zone and gives the company's clock beside it", () => {
    const { when, companyWhen } = describeWhen(NINE_IN_SAO_PAULO, 'America/Manaus', COMPANY)
    expect(when).toMatch(/^Quarta-feira, 10\/03\/2027, às 08:00 \(.*Amazonas.*, GMT-4\)$/)
    expect(companyWhen).toMatch(/Brasília: quarta-feira, 10\/03\/2027, às 09:00\.$/)
  })

  it('says a zone with no name of its own once, by its offset', () => {
    const { when } = describeWhen(NINE_IN_SAO_PAULO, 'UTC', COMPANY)
    expect(when).toBe('Quarta-feira, 10/03/2027, às 12:00 (GMT)')
  })
})

describe('until when a booking waits for its confirmation', () => {
  const NOW = new Date('2027-03-01T13:10:00Z')

  it("is a time on the visitor's clock when it is today there", () => {
    expect(describeHoldUntil('2027-03-01T13:40:00Z', COMPANY, NOW)).toBe('10:40')
    expect(describeHoldUntil('2027-03-01T13:40:00Z', 'America/Manaus', NOW)).toBe('09:40')
  })

  it('carries the date when it is another day on that clock', () => {
    // 23:40 of the 1st in São Paulo (already the 2nd in UTC): still today there.
    expect(describeHoldUntil('2027-03-02T02:40:00Z', COMPANY, NOW)).toBe('23:40')
    expect(describeHoldUntil('2027-03-02T03:10:00Z', COMPANY, NOW)).toBe('00:10 de 02/03/2027')
  })
})

describe('the meeting link', () => {
  it.each([
    ['https://meet.jit.si/Consultoria-6b965a1f07944471aa1d7e81be1be0d4', true],
    ['http://sala.exemplo.com.br/consultoria', true],
    ['javascript:alert(1)', false],
    ['https://meet.jit.si/a b', false],
    ['', false],
  ])('%s is a link: %s', (url, expected) => {
    expect(isWebAddress(url)).toBe(expected)
  })
})
