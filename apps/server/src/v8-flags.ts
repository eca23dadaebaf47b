// Imported first by main.ts, before anything compiles WebAssembly. The server runs two large
// WASM modules (PGlite's PostgreSQL, 8.8 MB, and Prisma's query compiler); V8 compiles them
// once quickly (Liftoff) and then again, optimised, in the background (TurboFan), keeping both.
// Liftoff only: ~50 MB less resident memory at start and after load, and no throughput lost in
// our measurements (issue 7: server RSS; numbers in bench/README.md).
import v8 from "node:v8";

v8.setFlagsFromString("--liftoff-only");
