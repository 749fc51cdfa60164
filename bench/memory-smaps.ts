/** Parsing of /proc/<pid>/smaps and smaps_rollup for bench/memory-probe.ts (Linux only). */

const MB = 1024 * 1024;

/** The `<Name>: <n> kB` fields of an smaps or smaps_rollup text, summed by name, in MB. */
export function smapsFields(text: string): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const m of text.matchAll(/^(\w+):\s+(\d+) kB$/gm)) fields[m[1]!] = (fields[m[1]!] ?? 0) + Number(m[2]) / 1024;
  return fields;
}

interface Mapping {
  start: number;
  end: number;
  perms: string;
  name: string;
  rssMb: number;
}

function mappings(text: string): Mapping[] {
  const list: Mapping[] = [];
  for (const block of text.split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+[ \t]*(.*)$/m.exec(block);
    const rss = /^Rss:\s+(\d+) kB/m.exec(block);
    if (!header || !rss) continue;
    list.push({ start: parseInt(header[1]!, 16), end: parseInt(header[2]!, 16), perms: header[3]!, name: header[4]!.trim(), rssMb: Number(rss[1]) / 1024 });
  }
  return list;
}

/**
 * Resident MB of an smaps text by kind: the file a mapping comes from (node binary, shared
 * libraries, other files) or, for anonymous memory: the brk heap (glibc's main malloc arena);
 * executable memory (JIT and wasm code); glibc's per-thread malloc arenas, each a 64 MiB-aligned
 * 64 MiB reservation whose used part is read-write and the rest inaccessible; a WebAssembly memory
 * (Prisma's query compiler), read-write pages followed by gigabytes of inaccessible guard region;
 * and the rest (V8's heap pages, large malloc blocks, thread stacks).
 */
export function smapsByKind(text: string): Record<string, number> {
  const kinds: Record<string, number> = {};
  const list = mappings(text);
  list.forEach((m, i) => {
    const next = list[i + 1];
    const reservedAfter = next && next.start === m.end && next.name === '' && next.perms.startsWith('---') ? next.end - next.start : 0;
    let kind: string;
    if (m.name === '[heap]') kind = 'anon: brk heap (main malloc arena)';
    else if (m.name.startsWith('[')) kind = `special ${m.name}`;
    else if (/\/node(js)?$/.test(m.name)) kind = `file: node binary (${m.perms})`;
    else if (/\.so(\.|$)/.test(m.name)) kind = 'file: shared libraries';
    else if (m.name !== '') kind = m.name.includes('node_modules') ? 'file: node_modules files' : `file: ${m.name}`;
    else if (m.perms.includes('x')) kind = 'anon: executable (JIT, wasm code)';
    else if (m.start % (64 * MB) === 0 && m.end - m.start + reservedAfter === 64 * MB) kind = 'anon: malloc arenas of other threads';
    else if (reservedAfter >= 1024 * MB) kind = 'anon: WebAssembly memory';
    else kind = 'anon: other (V8 heap pages, large malloc blocks, thread stacks)';
    if (m.rssMb > 0) kinds[kind] = (kinds[kind] ?? 0) + m.rssMb;
  });
  return kinds;
}
