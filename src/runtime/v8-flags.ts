import { setFlagsFromString } from 'node:v8';

// Imported first by every entry point, before Prisma compiles its query-compiler WebAssembly.
// V8 compiles a wasm module twice by default: Liftoff at once, then TurboFan in background
// threads. For Prisma's compiler the second tier held ~55 MB of resident memory (measured in
// docs/performance.md) and buys nothing now that the hot paths send their SQL through pg.
setFlagsFromString('--liftoff-only');
