import { startTestApp, type TestApp } from '../support/app';

/**
 * The official Python client never sends x-idempotency-key on a GET (the Node client sends a fresh
 * one on every call). No GET may require it, or every Python call to it fails with
 * `Idempotency key error`; a key that is sent is still applied where a route takes one.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('no GET route requires x-idempotency-key', () => {
  const gets = t.app.restRoutes.routes.filter((r) => r.method === 'GET');
  expect(gets.length).toBeGreaterThan(0);
  expect(gets.filter((r) => r.idempotency === 'required').map((r) => r.path)).toEqual([]);
});
