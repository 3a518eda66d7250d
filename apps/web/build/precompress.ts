import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What browsers download as text; source maps are left alone (only developer tools fetch them). */
const COMPRESSIBLE = /\.(js|css|html|svg|json|wasm)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1_024;
/** Brotli's best quality is slow on multi-megabyte bundles (4.5 s for the Zoom SDK); 9 is within 10 %. */
const BEST_QUALITY_UP_TO = 1_000_000;

/**
 * Writes a `.br` and a `.gz` copy beside every text file of the build, once, at the highest
 * levels: the server sends them to browsers that accept them (@fastify/static `preCompressed`),
 * so members download the app entry as ~110 KB instead of 340 KB and nothing is compressed per
 * request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'th-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const data = await readFile(full);
          if (data.length < MIN_BYTES) return;
          const quality = data.length <= BEST_QUALITY_UP_TO ? constants.BROTLI_MAX_QUALITY : 9;
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gzipped(data, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}
