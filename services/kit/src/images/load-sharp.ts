import type sharp from 'sharp';

// sharp brings libvips, tens of megabytes of native code: it is loaded by the first image a process
// decodes, encodes or measures, not by every process that merely could (docs/runbooks/operations.md,
// "Memory of `npm start`").
let sharpModule: Promise<typeof sharp> | undefined;

/** sharp, loaded on first use and kept. */
export function loadSharp(): Promise<typeof sharp> {
  return (sharpModule ??= import('sharp').then((loaded) => loaded.default));
}
