// op2.ts
import { PGlite } from "@electric-sql/pglite";
import { readFile } from "node:fs/promises";
var dump = new Blob([await readFile(process.argv[2])]);
var cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
var first = await PGlite.create({ loadDataDir: dump });
await first.close();
var t1 = cpu();
for (let i = 0; i < 10; i++) {
  const db = await PGlite.create({ loadDataDir: dump });
  await db.query("select 1");
  await db.close();
}
console.log("default buffers, avg open", ((cpu() - t1) / 10).toFixed(3));
