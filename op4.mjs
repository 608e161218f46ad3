// op4.ts
import { PGlite } from "@electric-sql/pglite";
import { readFile } from "node:fs/promises";
var startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];
var cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
var BytesBlob = class extends Blob {
  constructor(bytes) {
    super([]);
    this.bytes = bytes;
  }
  bytes;
  arrayBuffer() {
    return Promise.resolve(this.bytes.slice().buffer);
  }
};
var files = { big: process.argv[2], small: "/tmp/small.tar" };
var bufs = { big: await readFile(files.big), small: await readFile(files.small) };
var make = (kind, fast) => fast ? new BytesBlob(bufs[kind]) : new Blob([bufs[kind]]);
{
  const d = await PGlite.create({ loadDataDir: make("big", false), startParams });
  await d.close();
}
var res = {};
for (let round = 0; round < 3; round++) for (const kind of ["big", "small"]) for (const fast of [false, true]) {
  const t = cpu();
  for (let i = 0; i < 5; i++) {
    const db = await PGlite.create({ loadDataDir: make(kind, fast), startParams });
    await db.query("select count(*) from public.contact_submissions");
    await db.close();
  }
  ;
  (res[`${kind} ${fast ? "fast" : "blob"}`] ??= []).push((cpu() - t) / 5);
}
for (const [k, v] of Object.entries(res)) console.log(k, v.map((x) => x.toFixed(3)).join(" "));
