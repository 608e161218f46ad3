import { errorScreen } from '../content/not-found.ts'

/** What an island shows in its place when it fails in the browser: the spec's error screen. */
export function ErrorScreen({ detail }: { detail: string }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-6 text-center"
    >
      <p lang={errorScreen.lang} className="text-xl font-bold text-slate-900">
        {errorScreen.title}
      </p>
      <p className="font-mono text-base break-words text-slate-700">{detail}</p>
    </div>
  )
}
