import { Route, Routes, useLocation } from 'react-router'
import { appRoutes, type AppRoute } from '../routes.ts'
import { RouteErrorBoundary } from './route-error-boundary.tsx'

/** Router-agnostic app: the browser wraps it in BrowserRouter, the prerender in StaticRouter. */
export function App({ routes = appRoutes }: { routes?: readonly AppRoute[] }) {
  // A new path gets a fresh boundary, so one failed page does not stick after navigating away.
  const { pathname } = useLocation()
  return (
    <Routes>
      {routes.map(({ path, Component }) => (
        <Route
          key={path}
          path={path}
          element={
            <RouteErrorBoundary key={pathname}>
              <Component />
            </RouteErrorBoundary>
          }
        />
      ))}
    </Routes>
  )
}
