// bench/warc_bench's warcio.js row: CPU seconds to walk every record of a WARC
// file with warcio.js's WARCParser (each record read fully, as a reader of
// payloads must), best of 3, then the record count.  Test/bench only:
// warcio.js as gen.mjs finds it (npm install in tools/gen-warc-expected/, or
// WARCIO_JS=dir of the package).
//   node tools/gen-warc-expected/warcio_walk.mjs FILE
import fs from "node:fs";
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);
const dir = process.env.WARCIO_JS || path.join(here, "node_modules/warcio");
const { WARCParser } = await import(path.join(dir, "dist/index.js"));
const file = process.argv[2];

let best = Infinity, count = 0;
for (let round = 0; round < 3; round++) {
  const t = process.cpuUsage(); // CPU time, as bench/warc_bench measures
  count = 0;
  const parser = new WARCParser(fs.createReadStream(file, { highWaterMark: 1 << 18 }));
  for await (const record of parser) {
    await record.readFully(false);
    count++;
  }
  const u = process.cpuUsage(t);
  const s = (u.user + u.system) / 1e6;
  if (s < best) best = s;
}
console.log(`${best.toFixed(3)} ${count}`);
