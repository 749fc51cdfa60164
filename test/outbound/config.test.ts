import { ConfigError, loadConfig } from '../../src/config';

/** The outbound address rule as configured: safe by default in every mode, loopback only by a local sandbox's opt-in. */
const base = { PAYRAIL_DATA_DIR: '/tmp/payrail-test-unused' };
/** Production mode also needs the public address customers reach payrail at. */
const production = { PAYRAIL_MODE: 'production', PAYRAIL_PUBLIC_BASE_URL: 'https://payrail.example.com' };

describe('the outbound address policy in the configuration', () => {
  it('is the safe policy by default, in sandbox mode as in production mode', () => {
    expect(loadConfig(base).outbound).toEqual({ allowLoopback: false });
    expect(loadConfig({ ...base, PAYRAIL_MODE: 'sandbox' }).outbound).toEqual({ allowLoopback: false });
    expect(loadConfig({ ...base, ...production }).outbound).toEqual({ allowLoopback: false });
  });

  it('allows loopback targets on an explicit opt-in in sandbox mode, when the server listens on loopback', () => {
    for (const HOST of ['127.0.0.1', '127.0.0.2', '::1', 'localhost', 'LOCALHOST']) {
      expect(loadConfig({ ...base, HOST, PAYRAIL_OUTBOUND_ALLOW_LOOPBACK: '1' }).outbound).toEqual({ allowLoopback: true });
    }
  });

  it('refuses the opt-in at start when the server listens on a non-loopback address', () => {
    for (const HOST of ['0.0.0.0', '::', '10.0.0.5', '192.168.1.20', 'payrail.example.com']) {
      expect(() => loadConfig({ ...base, HOST, PAYRAIL_OUTBOUND_ALLOW_LOOPBACK: 'true' })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, HOST, PAYRAIL_OUTBOUND_ALLOW_LOOPBACK: 'true' })).toThrow(/PAYRAIL_OUTBOUND_ALLOW_LOOPBACK needs HOST on loopback/);
    }
  });

  it('refuses the opt-in at start in production mode', () => {
    expect(() => loadConfig({ ...base, ...production, PAYRAIL_OUTBOUND_ALLOW_LOOPBACK: '1' })).toThrow(/sandbox mode only/);
  });

  it('refuses the former PAYRAIL_OUTBOUND_ALLOW_PRIVATE=1, naming what replaces it; 0 changes nothing', () => {
    expect(() => loadConfig({ ...base, PAYRAIL_OUTBOUND_ALLOW_PRIVATE: '1' })).toThrow(/no longer supported.*PAYRAIL_OUTBOUND_ALLOW_LOOPBACK/);
    expect(loadConfig({ ...base, PAYRAIL_OUTBOUND_ALLOW_PRIVATE: '0' }).outbound).toEqual({ allowLoopback: false });
  });
});
