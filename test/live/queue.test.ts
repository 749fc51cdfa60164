import { BoundedEventQueue } from '../../src/platform/live/queue';

describe('a subscriber queue', () => {
  it('hands events to a waiting reader, queues them otherwise, in order', async () => {
    const q = new BoundedEventQueue<number>(3, () => undefined, () => undefined);
    const pending = q.next();
    q.push(1);
    q.push(2);
    q.push(3);
    expect(await pending).toEqual({ value: 1, done: false });
    expect([await q.next(), await q.next()]).toEqual([
      { value: 2, done: false },
      { value: 3, done: false },
    ]);
  });

  it('ends and reports the overflow when a slow reader falls behind by more than its limit', async () => {
    const calls: string[] = [];
    const q = new BoundedEventQueue<number>(2, () => calls.push('overflow'), () => calls.push('end'));
    q.push(1);
    q.push(2);
    expect(calls).toEqual([]);
    q.push(3);
    expect(calls).toEqual(['end', 'overflow']);
    expect(q.size).toBe(0);
    q.push(4); // ignored once ended
    expect(await q.next()).toEqual({ value: undefined, done: true });
  });

  it('return() (the client completed, or the socket closed) ends it once and frees a waiting pull', async () => {
    let ends = 0;
    const q = new BoundedEventQueue<number>(2, () => undefined, () => ends++);
    const pending = q.next();
    await q.return();
    await q.return();
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(ends).toBe(1);
  });
});
