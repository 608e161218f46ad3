// shrink2.ts
import { PGlite } from "@electric-sql/pglite";
import { readFile, writeFile } from "node:fs/promises";
var src = new Blob([await readFile("/tmp/small.tar")]);
var db = await PGlite.create({ loadDataDir: src, startParams: [...PGlite.defaultStartParams, "-c", "min_wal_size=2MB", "-c", "max_wal_size=4MB"] });
await db.exec("checkpoint");
await db.exec("select pg_switch_wal()").catch((e) => console.log("switch", e.message));
await db.exec("checkpoint");
var out = Buffer.from(await (await db.dumpDataDir("none")).arrayBuffer());
await db.close();
await writeFile("/tmp/small2.tar", out);
console.log("size", out.length);
