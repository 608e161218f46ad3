import { pageRouteFor } from './routes.ts'

describe('pageRouteFor', () => {
  it.each([
    ['/', 'home'],
    ['/privacidade', 'privacy'],
    ['/privacidade/', 'privacy'],
    ['/privacidade/outra', 'not-found'],
    ['/Privacidade', 'not-found'],
    ['/qualquer-coisa', 'not-found'],
  ])('shows %s with the %s page', (path, kind) => {
    expect(pageRouteFor(path).kind).toBe(kind)
  })
})
