import { render } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { App } from '../../src/app/app.tsx'
import type { AppRoute } from '../../src/routes.ts'

/** Renders the whole app at a path, as a visitor arriving there would see it. */
export function renderApp(path = '/', routes?: readonly AppRoute[]) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App routes={routes} />
    </MemoryRouter>,
  )
}
