/**
 * The profile module's public surface: what other modules may use of it (docs/decisions.md "Layers").
 * A sibling imports from here or from ./service.ts, never from another file of this folder.
 */
export { UPLOAD_BODY_LIMIT, checkImage, fileOf, registerUploadParsers, storeImage } from './upload.js';
export type { ImageLimits } from './upload.js';
export { assertDecodes } from './image-decode.js';
