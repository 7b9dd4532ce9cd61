import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import http from 'node:http';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import type { Bus } from '../../server/bus.js';
import { demoServer } from '../support/demo.js';

/** An open event stream read over a real HTTP connection. */
interface Stream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received so far. */
  text(): string;
  /** Resolves once the received text contains `needle`. */
  until(needle: string): Promise<void>;
  close(): void;
}

function openStream(url: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => {
      let buf = '';
      const waiters: { needle: string; done: () => void }[] = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        for (const w of [...waiters])
          if (buf.includes(w.needle)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.done();
          }
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => buf,
        until: (needle) =>
          new Promise<void>((done) => {
            if (buf.includes(needle)) done();
            else waiters.push({ needle, done });
          }),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

/** Listener count of a bus topic (the emitter is private; read through a narrow cast). */
const listeners = (bus: Bus, topic: string) => (bus as unknown as { ee: { listenerCount(t: string): number } }).ee.listenerCount(topic);

describe.each(backends())('live event stream on %s', (backend) => {
  let s: TestServer;
  let admin: string;
  let volta: string;

  beforeAll(async () => {
    ({ s, admin, volta } = await demoServer(backend));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('streams the events the caller may see as Server-Sent Events and cleans up on close', async () => {
    const before = listeners(s.app.bus, 'charger');
    const stream = await openStream(`${s.baseUrl}/sp/live?token=${volta}`);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    await stream.until(': connected');
    expect(listeners(s.app.bus, 'charger')).toBe(before + 1);

    s.app.bus.emit('charger', { chargerId: 99, serialNum: 'HKEV000000000101', companyCode: 'HKEV' });
    s.app.bus.emit('order', { orderId: 7, companyCode: 'HKEV' });
    s.app.bus.emit('charger', { chargerId: 1, serialNum: 'VOLTA00000000101', companyCode: 'VOLTA' });
    s.app.bus.emit('order', { orderId: 8, companyCode: 'VOLTA' });
    s.app.bus.emit('gateway', { gatewayId: 5, serialNum: 'HKEVGW0000000001', companyCode: 'HKEV' });
    s.app.bus.emit('gateway', { gatewayId: 4, serialNum: 'VOLTAGW000000001', companyCode: 'VOLTA' });
    await stream.until('"gatewayId":4');
    const frames = stream
      .text()
      .split('\n\n')
      .filter((f) => f.startsWith('event:'));
    expect(frames).toHaveLength(3);
    const [ch, or, gw] = frames.map((f) => {
      const [ev, data] = f.split('\n');
      return { event: ev.slice('event: '.length), data: JSON.parse(data.slice('data: '.length)) };
    });
    expect(ch).toMatchObject({ event: 'charger', data: { chargerId: 1, serialNum: 'VOLTA00000000101', companyCode: 'VOLTA' } });
    expect(new Date(ch.data.at).toISOString()).toBe(ch.data.at);
    expect(or).toMatchObject({ event: 'order', data: { orderId: 8, companyCode: 'VOLTA' } });
    expect(gw).toMatchObject({ event: 'gateway', data: { gatewayId: 4, serialNum: 'VOLTAGW000000001', companyCode: 'VOLTA' } });
    expect(stream.text()).not.toContain('HKEV');

    stream.close();
    await vi.waitFor(() => expect(listeners(s.app.bus, 'charger')).toBe(before), { timeout: 5000, interval: 20 });
    expect(listeners(s.app.bus, 'order')).toBe(before);
    expect(listeners(s.app.bus, 'gateway')).toBe(before);
  });

  it('shows an administrator every company', async () => {
    const stream = await openStream(`${s.baseUrl}/sp/live?token=${admin}`);
    await stream.until(': connected');
    s.app.bus.emit('charger', { chargerId: 99, serialNum: 'HKEV000000000101', companyCode: 'HKEV' });
    s.app.bus.emit('charger', { chargerId: 1, serialNum: 'VOLTA00000000101', companyCode: 'VOLTA' });
    await stream.until('VOLTA00000000101');
    expect(stream.text()).toContain('"companyCode":"HKEV"');
    stream.close();
  });

  it('refuses a missing or bad token with 401', async () => {
    for (const url of ['/sp/live', '/sp/live?token=nope']) {
      const res = await fetch(`${s.baseUrl}${url}`);
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe(401);
    }
  });

  it('ends open streams when the server closes', async () => {
    const before = listeners(s.app.bus, 'charger');
    const stream = await openStream(`${s.baseUrl}/sp/live?token=${admin}`);
    await stream.until(': connected');
    const server = s;
    s = undefined as unknown as TestServer; // closed here, not again in afterAll
    await server.close();
    expect(listeners(server.app.bus, 'charger')).toBeLessThanOrEqual(before);
  });
});
