import { routeErrorScreen } from '../content/not-found.ts'

/** What a route shows when it throws: the spec's router error screen. */
export function ErrorScreen({ detail }: { detail: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="flex max-w-xl flex-col gap-4 text-center">
        <h1 lang={routeErrorScreen.lang} className="text-3xl font-bold text-slate-900">
          {routeErrorScreen.title}
        </h1>
        <p className="font-mono text-base break-words text-slate-700">{detail}</p>
      </div>
    </main>
  )
}
