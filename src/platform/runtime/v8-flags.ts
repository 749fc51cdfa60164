import { setFlagsFromString } from 'node:v8';

/**
 * V8 flags for payrail's processes, set from inside the process, so every way of starting one
 * (`npm start`, `node dist/src/main.js`, the bench, tests) gets them without a command-line flag.
 * Only flags V8 reads while running can be set here; heap sizes (semi-space, old-space maximum) are
 * fixed when the isolate is created. The measured effect of each is in docs/performance.md.
 */
export const V8_FLAGS = [
  // Imported first by every entry point, before Prisma compiles its query-compiler WebAssembly.
  // V8 compiles a wasm module twice by default: Liftoff at once, then TurboFan in background
  // threads. For Prisma's compiler the second tier held ~55 MB of resident memory and buys
  // nothing: the hot paths send their SQL through pg, not through Prisma.
  '--liftoff-only',
  // After each full GC V8 lets the old generation grow to up to 4× what survived before the next
  // one (its factor for machines with a large heap limit). payrail keeps ~50 MB alive, but under
  // write load requests that outlive two scavenges are promoted and die in the old generation, so
  // the heap filled with ~150 MB of garbage before V8 collected it: that was the whole of the RSS
  // above 250 MB. 1.5× collects it sooner; a full GC of the small live set costs no measurable
  // CPU per request.
  '--heap-growing-percent=50',
] as const;

for (const flag of V8_FLAGS) setFlagsFromString(flag);
