import { everyItem } from '../../../src/domain/issuing/reports/rows';
import type { OffsetWindow } from '../../../src/platform/pagination/list';

/** A list finder over 0..n-1 that records the windows it was asked for. */
function finder(n: number) {
  const asked: OffsetWindow[] = [];
  const all = Array.from({ length: n }, (_, i) => i);
  const find = async (w: OffsetWindow) => {
    asked.push(w);
    return { items: all.slice(w.skip, w.skip + w.take), totalCount: n };
  };
  return { asked, find };
}

const collect = async (items: AsyncIterable<number>) => {
  const out: number[] = [];
  for await (const i of items) out.push(i);
  return out;
};

describe('everyItem: a list finder read window after window', () => {
  it.each([
    [0, [0]],
    [4, [0]],
    [5, [0, 5]],
    [12, [0, 5, 10]],
  ])('%i items with a batch of 5: every item once, in order; windows at %j', async (n, skips) => {
    const { asked, find } = finder(n);
    expect(await collect(everyItem(find, 5))).toEqual(Array.from({ length: n }, (_, i) => i));
    expect(asked).toEqual(skips.map((skip) => ({ skip, take: 5 })));
  });
});
