import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createFakeSite, FAKE_ASSET_PATH } from '../tests/support/fake-site.ts'
import { loadStaticSite, writeCompressedForms } from './static-site.ts'

let site: Awaited<ReturnType<typeof createFakeSite>>
let kept: string

beforeEach(async () => {
  site = await createFakeSite()
  kept = await mkdtemp(path.join(tmpdir(), 'site-compressed-'))
})
afterEach(async () => {
  await site.remove()
  await rm(kept, { recursive: true, force: true })
})

const assetBytes = () => readFile(path.join(site.dir, FAKE_ASSET_PATH))
const keptBrotliOf = async (body: Buffer) =>
  path.join(kept, `${createHash('sha256').update(body).digest('hex')}.br`)

it('keeps a brotli and a gzip form of each text file the build made, and none of the rest', async () => {
  await writeCompressedForms(site.dir, kept)
  // index.html, 404.html and the script; robots.txt is too small to gain anything.
  expect((await readdir(kept)).sort()).toHaveLength(6)
  const loaded = await loadStaticSite(site.dir, kept)
  const asset = loaded.get(FAKE_ASSET_PATH)
  const body = await assetBytes()
  expect(brotliDecompressSync(asset?.brotli?.body ?? Buffer.alloc(0)).equals(body)).toBe(true)
  expect(gunzipSync(asset?.gzip?.body ?? Buffer.alloc(0)).equals(body)).toBe(true)
})

it('serves the forms the build kept rather than compressing again at start', async () => {
  await writeCompressedForms(site.dir, kept)
  const body = await assetBytes()
  // A form of the same bytes no start would make (quality 1): served only if read from the folder.
  const quick = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } })
  await writeFile(await keptBrotliOf(body), quick)
  const asset = (await loadStaticSite(site.dir, kept)).get(FAKE_ASSET_PATH)
  expect(asset?.brotli?.body.equals(quick)).toBe(true)
})

it('never serves a kept form that does not open to the file as it is now', async () => {
  await writeCompressedForms(site.dir, kept)
  const body = await assetBytes()
  const keptFile = await keptBrotliOf(body)
  for (const damaged of [
    (await readFile(keptFile)).subarray(0, 20),
    brotliCompressSync(Buffer.from('console.log("another file")')),
  ]) {
    await writeFile(keptFile, damaged)
    const asset = (await loadStaticSite(site.dir, kept)).get(FAKE_ASSET_PATH)
    expect(brotliDecompressSync(asset?.brotli?.body ?? Buffer.alloc(0)).equals(body)).toBe(true)
  }
  // A file changed since the build has no kept forms by its new bytes: compressed at start.
  await writeFile(path.join(site.dir, FAKE_ASSET_PATH), `${body.toString()}\n// changed`)
  const changed = (await loadStaticSite(site.dir, kept)).get(FAKE_ASSET_PATH)
  expect(brotliDecompressSync(changed?.brotli?.body ?? Buffer.alloc(0)).toString()).toContain(
    '// changed',
  )
})
