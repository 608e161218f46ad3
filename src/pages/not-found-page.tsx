import { buttonClassName } from '../components/ui/button.tsx'
import { notFoundPage } from '../content/not-found.ts'

/** Static: the visited path is logged by src/page-scripts/not-found-page.ts, in the browser. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div lang={notFoundPage.lang} className="flex flex-col items-center gap-4 text-center">
        <h1 className="text-6xl font-extrabold text-slate-900">{notFoundPage.code}</h1>
        <p className="text-xl text-slate-600">{notFoundPage.title}</p>
        {/* A full load of / serves the prerendered home page, complete before any script runs. */}
        <a href="/" className={buttonClassName({})}>
          {notFoundPage.homeLink}
        </a>
      </div>
    </main>
  )
}
