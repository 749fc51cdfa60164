import { Writable } from 'node:stream';
import { createLogger } from '../../src/platform/observability/logger';
import { LazyChildLogger } from '../../src/platform/observability/lazy-child';

/** The request logger Fastify gets: pino's child, made only when a line is written. */
function rootWithLines(level: string) {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const root = createLogger({ level, destination, pretty: false });
  return { root, lines, children: jest.spyOn(root, 'child') };
}

describe('a request logger', () => {
  it('makes no child while nothing reaches the configured level', () => {
    const { root, lines, children } = rootWithLines('warn');
    const log = new LazyChildLogger(root, { reqId: 'r-1' }, {});
    log.info({ route: '/v1/payouts' }, 'request');
    log.debug('detail');
    expect(children).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');
  });

  it('writes what reaches the level as the child would: bindings, fields and redaction', () => {
    const { root, lines, children } = rootWithLines('info');
    const log = new LazyChildLogger(root, { reqId: 'r-2' }, {});
    log.info({ route: '/v1/payouts', headers: { 'x-auth-token': 'secret-token' } }, 'request');
    log.error({ api_key: 'k' }, 'failed');
    expect(children).toHaveBeenCalledTimes(1);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 30, reqId: 'r-2', route: '/v1/payouts', msg: 'request', headers: { 'x-auth-token': '[redacted]' } });
    expect(lines[1]).toMatchObject({ level: 50, reqId: 'r-2', api_key: '[redacted]', msg: 'failed' });
  });

  it('honours a route’s own level given in the child options', () => {
    const { root, lines } = rootWithLines('warn');
    const log = new LazyChildLogger(root, { reqId: 'r-3' }, { level: 'debug' });
    log.debug('route detail');
    expect(lines).toEqual([expect.objectContaining({ level: 20, reqId: 'r-3', msg: 'route detail' })]);
  });
});
