import './styles/globals.css'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App } from './app/app.tsx'
import { parseSupabaseEnv } from './lib/env.ts'

// Fail at start-up, not at the first submission, when the build lacks its backend settings.
parseSupabaseEnv(import.meta.env)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element to hydrate.')

hydrateRoot(
  root,
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
  {
    // React would otherwise only report hydration mismatches as uncaught errors; log them plainly.
    onRecoverableError: (error, info) =>
      console.error('Recoverable hydration error', error, info.componentStack),
  },
)
