/**
 * Firmware Management: UpdateFirmware (at the retrieve date, capped at an hour: download, install,
 * reboot, see ../firmware.ts) and GetDiagnostics (answers a file name, then uploads, see
 * ../diagnostics.ts). One update and one upload at a time.
 */
import type { SimHandler } from './context.js';

/** UpdateFirmware: an empty answer; the update starts at `retrieveDate` unless one is running. */
export const updateFirmware: SimHandler = (cp, p) => {
  const at = Date.parse(String(p.retrieveDate));
  const wait = Math.min(Math.max(0, Number.isNaN(at) ? 0 : at - Date.now()), 3_600_000);
  if (!cp.busy.updating) {
    cp.busy.updating = true;
    const run = () =>
      cp.updateFirmware(String(p.location), Number(p.retries ?? 0), Number(p.retryInterval ?? 0)).finally(() => {
        cp.busy.updating = false;
      });
    cp.later(run, Math.max(20, wait));
  }
  return {};
};

/** GetDiagnostics: `diag-<identity>-<ms>.log`, uploaded just after the answer unless an upload is running. */
export const getDiagnostics: SimHandler = (cp, p) => {
  const fileName = `diag-${cp.identity}-${Date.now()}.log`;
  if (!cp.busy.uploading) {
    cp.busy.uploading = true;
    cp.later(() =>
      cp.sendDiagnostics(p, fileName).finally(() => {
        cp.busy.uploading = false;
      }),
    );
  }
  return { fileName };
};
