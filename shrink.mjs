// shrink.ts
import { PGlite } from "@electric-sql/pglite";
import { readFile, writeFile } from "node:fs/promises";
var src = new Blob([await readFile(process.argv[2])]);
var db = await PGlite.create({ loadDataDir: src });
await db.exec(`update pg_database set datistemplate = false where datname in ('template0','template1')`);
await db.exec("drop database template0");
await db.exec("drop database template1");
await db.exec(`alter system set min_wal_size = '2MB'`);
await db.exec("checkpoint");
var out = Buffer.from(await (await db.dumpDataDir("none")).arrayBuffer());
await db.close();
await writeFile("/tmp/small.tar", out);
console.log("size", out.length);
