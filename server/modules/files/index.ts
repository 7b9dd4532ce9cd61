/**
 * The files module's public surface: what other modules may use of it (docs/decisions.md "Layers").
 * A sibling imports from here or from ./service.ts, never from another file of this folder.
 */
export { guardPace } from './upload-pace.js';
export { readFileStream, storeFile } from './store.js';
export { UploadSink } from './upload.js';
export { firmwareUrl } from './signed-url.js';
