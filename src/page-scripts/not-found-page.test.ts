import { notFoundPage } from '../content/not-found.ts'

it('logs the path the visitor asked for, which only the browser knows', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  window.history.pushState(null, '', '/nao-existe?de=email')
  await import('./not-found-page.ts')
  expect(log).toHaveBeenCalledWith(notFoundPage.logMessage, '/nao-existe')
  expect(notFoundPage.logMessage).toBe('404 Error: User attempted to access non-existent route:')
  window.history.pushState(null, '', '/')
  log.mockRestore()
})
