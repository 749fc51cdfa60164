/**
 * docs/architecture.md shows today's house as the code's imports draw it (`npm run docs:architecture`);
 * a change of structure redraws it, so the page never shows a house that is gone.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const map = require('../../scripts/architecture-map.js') as { today: () => string; written: () => string };

describe('the picture of the house in docs/architecture.md', () => {
  it('is the one the imports draw today (npm run docs:architecture redraws it)', () => {
    expect(map.written()).toBe(map.today());
  });
});
