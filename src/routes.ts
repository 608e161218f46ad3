import type { ComponentType } from 'react'
import { HomePage } from './pages/home-page.tsx'
import { NotFoundPage } from './pages/not-found-page.tsx'

export interface AppRoute {
  readonly path: string
  readonly Component: ComponentType
}

/** The route table as data, so tests can render the router with extra routes. */
export const appRoutes: readonly AppRoute[] = [
  { path: '/', Component: HomePage },
  { path: '*', Component: NotFoundPage },
]

/**
 * What the build writes to static HTML. The 404 page gets its own file so static hosts (and
 * the Node server) answer unknown paths with it and status 404, never with index.html, whose
 * markup would not match what the client renders there.
 */
export const prerenderTargets = [
  { url: '/', file: 'index.html', kind: 'home' },
  { url: '/404', file: '404.html', kind: 'not-found' },
] as const

export type PageKind = (typeof prerenderTargets)[number]['kind']
