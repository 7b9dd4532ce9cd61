import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';

describe.each(backends())('console configuration on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build(backend, { mapTileUrl: 'http://127.0.0.1:8099/tiles/{z}/{x}/{y}.png' });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers the configured map tile URL without a token (GET /sp/config)', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/sp/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { mapTileUrl: 'http://127.0.0.1:8099/tiles/{z}/{x}/{y}.png' } });
  });

  it('tells nothing else (no secrets in the public answer)', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/sp/config' });
    expect(Object.keys(res.json().data)).toEqual(['mapTileUrl']);
  });
});
