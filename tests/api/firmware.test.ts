import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmware, storedFile } from '../../server/db/schema.js';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import { companyUser, expectRefused, type Call, caller } from '../support/assets.js';
import { aCompany } from '../support/builders.js';
import { build } from '../support/app.js';
import { aBinImage, aFirmware, aHexImage, uploadFile } from '../support/firmware.js';
import { firmwareUrl } from '../../server/modules/files/signed-url.js';
import { sha256Hex } from '../../server/modules/files/store.js';
import { isFirmwareVersion } from '../../domain/entities/firmware.js';

const MANAGE = ['menu:system:deviceversion'];

describe.each(backends())('Device Version (firmware) on %s', (backend) => {
  let s: TestServer;
  let adminToken: string;
  let acmeToken: string;
  let betaToken: string;
  let acme: Call;
  let beta: Call;

  beforeAll(async () => {
    s = await build(backend, { firmwareMaxBytes: 64 * 1024 });
    await aCompany(s.database.db, { code: 'FWA' });
    await aCompany(s.database.db, { code: 'FWB' });
    adminToken = await s.login();
    acmeToken = await companyUser(s, 'FWA', MANAGE);
    betaToken = await companyUser(s, 'FWB', MANAGE);
    acme = caller(s, acmeToken);
    beta = caller(s, betaToken);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('keeps an uploaded .bin with its size and SHA-256, and a firmware naming it', async () => {
    const image = aBinImage(5000);
    const up = await uploadFile(s, acmeToken, 'board-v1.bin', image);
    expect(up).toMatchObject({ code: 200, data: { fileName: 'board-v1.bin', size: 5000, sha256: sha256Hex(image) } });
    const res = await acme('POST', '/sp/firmware', {
      name: 'Main board',
      deviceType: 'AC',
      deviceModel: 'ACME-22',
      version: 'V1.0.3',
      changeLog: 'Fixes',
      isPublic: false,
      fileId: up.data.fileId,
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      companyCode: 'FWA',
      version: 'V1.0.3',
      fileName: 'board-v1.bin',
      fileSize: 5000,
      sha256: sha256Hex(image),
      editable: true,
    });
  });

  it('accepts a valid Intel HEX file', async () => {
    const up = await uploadFile(s, acmeToken, 'board.HEX', aHexImage());
    expect(up.code).toBe(200);
  });

  it('refuses files that are not hex or bin, or whose content does not fit (712, reason under `file`)', async () => {
    const cases: [string, Buffer][] = [
      ['board.zip', aBinImage()],
      ['board.bin', Buffer.alloc(0)],
      ['board.bin', Buffer.from('<!DOCTYPE html><html><body>Not found</body></html>')],
      ['board.bin', Buffer.from('just some release notes\nsaved as bin\n')],
      ['board.hex', Buffer.from(':10000000000102030405060708090A0B0C0D0E0F00\n:00000001FF\n')],
      ['board.hex', Buffer.from(':100000000102030405060708090A0B0C0D0E0F1078\n')],
      ['board.hex', aBinImage()],
    ];
    for (const [name, content] of cases) {
      const before = await s.database.db.select({ id: storedFile.id }).from(storedFile);
      const up = await uploadFile(s, acmeToken, name, content);
      expect(up.status, name).toBe(400); // the caller's file: a 4xx, never a server error
      expect(up.code, name).toBe(712);
      expect(Object.keys(up.data.codes)).toEqual(['file']);
      expect((await s.database.db.select({ id: storedFile.id }).from(storedFile)).length).toBe(before.length);
    }
    const zh = await s.app.inject({
      method: 'POST',
      url: '/sp/firmware/file?fileName=a.txt',
      headers: { authorization: `Bearer ${acmeToken}`, 'content-type': 'application/octet-stream', 'accept-language': 'zh-CN' },
      payload: aBinImage(),
    });
    expect(zh.json().data.errors.file).toBe('只能上传 .hex 或 .bin 文件');
  });

  it('refuses an image above FIRMWARE_MAX_BYTES with 712', async () => {
    const up = await uploadFile(s, acmeToken, 'big.bin', aBinImage(64 * 1024 + 1));
    expect(up.code).toBe(712);
    expect(up.data.errors.file).toMatch(/65536/);
  });

  it('checks the version format (404) and the required fields (612)', async () => {
    for (const bad of ['1', 'v.1', '1..2', 'abc', '1.2.3.4.5', '1.0 beta']) expect(isFirmwareVersion(bad), bad).toBe(false);
    for (const good of ['1.2', '1.2.3', 'V2.0.1', 'sim-1.0.1', '2.1.0-beta.2', '3.0.0+build5']) expect(isFirmwareVersion(good), good).toBe(true);
    const up = await uploadFile(s, acmeToken, 'v.bin', aBinImage());
    const body = { name: 'X', deviceType: 'AC', deviceModel: 'M', fileId: up.data.fileId };
    await expectRefused(s.database.db, [firmware], 404, () => acme('POST', '/sp/firmware', { ...body, version: '1.x' }));
    await expectRefused(s.database.db, [firmware], 612, () => acme('POST', '/sp/firmware', { ...body, version: ' ' }));
    await expectRefused(s.database.db, [firmware], 612, () => acme('POST', '/sp/firmware', { ...body, version: '1.0', name: '' }));
    await expectRefused(s.database.db, [firmware], 612, () => acme('POST', '/sp/firmware', { ...body, version: '1.0', fileId: undefined }));
  });

  it("refuses a second firmware of the same model and version (713), an unknown file (808) and another company's upload (808)", async () => {
    const first = await aFirmware(s, acmeToken, { deviceModel: 'DUP', version: '2.0.0' });
    expect(first.code).toBe(200);
    const dup = await aFirmware(s, acmeToken, { deviceModel: 'DUP', version: '2.0.0' });
    expect(dup.code).toBe(713);
    expect(dup.status).toBe(409); // the caller's conflict, not a server failure
    expect(dup.data.errors.version).toBe('Version 2.0.0 of DUP exists already: give this image a new version number');
    const base = { name: 'X', deviceType: 'AC', deviceModel: 'M2', version: '1.0.0' };
    expect((await acme('POST', '/sp/firmware', { ...base, fileId: 999999 })).code).toBe(808);
    const theirs = await uploadFile(s, betaToken, 'b.bin', aBinImage());
    expect((await acme('POST', '/sp/firmware', { ...base, fileId: theirs.data.fileId })).code).toBe(808);
    // A file used once is not used again.
    expect((await acme('POST', '/sp/firmware', { ...base, fileId: first.data.fileId })).code).toBe(712);
  });

  it('shows public firmware to every operator and private firmware to its company only; only the platform publishes', async () => {
    // A company account cannot put firmware in front of every operator (R15.4).
    const refused = await aFirmware(s, acmeToken, { deviceModel: 'PUB', version: '0.9.0', isPublic: true });
    expect(refused).toMatchObject({ code: 403, status: 403 });
    const pub = await aFirmware(s, adminToken, { deviceModel: 'PUB', version: '1.0.0', isPublic: true });
    expect(pub.code).toBe(200);
    const priv = await aFirmware(s, acmeToken, { deviceModel: 'PRIV', version: '1.0.0', isPublic: false });
    const seen = (await beta('GET', '/sp/firmware?perPage=100')).data.records.map((r: { id: number }) => r.id);
    expect(seen).toContain(pub.data.id);
    expect(seen).not.toContain(priv.data.id);
    expect((await beta('GET', `/sp/firmware/${priv.data.id}`)).code).toBe(809);
    expect((await beta('GET', `/sp/firmware/${pub.data.id}`)).data.editable).toBe(false);
    expect((await beta('DELETE', `/sp/firmware/${pub.data.id}`)).code).toBe(725);
    const all = (await caller(s, adminToken)('GET', '/sp/firmware?perPage=100')).data.records.map((r: { id: number }) => r.id);
    expect(all).toEqual(expect.arrayContaining([pub.data.id, priv.data.id]));
    expect((await acme('DELETE', `/sp/firmware/${priv.data.id}`)).code).toBe(200);
    expect((await acme('GET', `/sp/firmware/${priv.data.id}`)).code).toBe(809);
  });

  it('serves the image at a signed URL with Range support; altered or expired tokens are 404', async () => {
    const image = aBinImage(10_000, 3);
    const fw = await aFirmware(s, acmeToken, { deviceModel: 'RANGE', version: '1.0.0' }, image, 'range.bin');
    const url = await firmwareUrl(s.app, s.baseUrl, fw.data.fileId, 'range.bin', 1);
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(image)).toBe(true);
    const part = await fetch(url, { headers: { range: 'bytes=4000-' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 4000-9999/10000');
    expect(Buffer.from(await part.arrayBuffer()).equals(image.subarray(4000))).toBe(true);
    const mid = await fetch(url, { headers: { range: 'bytes=10-19' } });
    expect(Buffer.from(await mid.arrayBuffer()).equals(image.subarray(10, 20))).toBe(true);
    const tail = await fetch(url, { headers: { range: 'bytes=-5' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(image.subarray(9995))).toBe(true);
    expect((await fetch(url, { headers: { range: 'bytes=20000-' } })).status).toBe(416);
    const token = new URL(url).pathname.split('/')[3];
    const [id, exp, sig] = token.split('.');
    expect((await fetch(`${s.baseUrl}/ocpp-files/firmware/${id}.${Number(exp) + 1}.${sig}`)).status).toBe(404);
    expect((await fetch(`${s.baseUrl}/ocpp-files/firmware/${Number(id) + 1}.${exp}.${sig}`)).status).toBe(404);
    const expired = await firmwareUrl(s.app, s.baseUrl, fw.data.fileId, 'range.bin', -1);
    expect((await fetch(expired)).status).toBe(404);
  });

  it('is refused without the Device Version permission', async () => {
    const other = caller(s, await companyUser(s, 'FWA', ['menu:operations:orders']));
    expect((await other('GET', '/sp/firmware')).code).toBe(403);
    const up = await uploadFile(s, await companyUser(s, 'FWA', ['menu:stations:stationprofile']), 'x.bin', aBinImage());
    expect(up.code).toBe(403);
  });
});
