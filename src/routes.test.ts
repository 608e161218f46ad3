import { pageRouteFor } from './routes.ts'

describe('pageRouteFor', () => {
  it.each([
    ['/', 'home'],
    ['/privacidade', 'privacy'],
    ['/privacidade/', 'privacy'],
    ['/contato', 'contact'],
    ['/contato/', 'contact'],
    ['/contato/enviada', 'contact-sent'],
    ['/contato/enviada/', 'contact-sent'],
    ['/contato/erro/', 'contact-refused'],
    ['/agendar', 'booking'],
    ['/agendar/', 'booking'],
    ['/agendar/gerenciar', 'manage-booking'],
    ['/agendar/gerenciar/', 'manage-booking'],
    ['/agendar/outra', 'not-found'],
    ['/contato/outra', 'not-found'],
    ['/privacidade/outra', 'not-found'],
    ['/Privacidade', 'not-found'],
    ['/qualquer-coisa', 'not-found'],
  ])('shows %s with the %s page', (path, kind) => {
    expect(pageRouteFor(path).kind).toBe(kind)
  })
})
