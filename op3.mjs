// op3.ts
import { PGlite } from "@electric-sql/pglite";
import { readFile } from "node:fs/promises";
var buf = await readFile(process.argv[2]);
var dump = new Blob([buf]);
var cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
for (const sb of ["16MB", "2MB", "16MB", "2MB"]) {
  const startParams = [...PGlite.defaultStartParams, "-c", `shared_buffers=${sb}`];
  const first = await PGlite.create({ loadDataDir: dump, startParams });
  await first.close();
  const t1 = cpu();
  for (let i = 0; i < 8; i++) {
    const db = await PGlite.create({ loadDataDir: dump, startParams });
    await db.query("select 1");
    await db.close();
  }
  console.log(sb, "avg open", ((cpu() - t1) / 8).toFixed(3));
}
