import { createHash } from 'node:crypto';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/** The pages whose document names the first-calls script (src/first-calls.ts): TradeDesk's. */
export const FIRST_CALL_PAGES = ['/tradedesk'];

/**
 * Bundles src/first-calls.ts alone, with esbuild, into `assets/first-calls-<hash>.js`. As a
 * second Rollup input it would share its modules (the month helpers, the API address) with the
 * entry, and Rollup would move them into a chunk the entry, and so every page, then loads as one
 * more file. Alone it is a few KB that the server names, async, in TradeDesk's document
 * (route-files.ts lists it under the page's `firstCalls`).
 */
export function firstCalls(): Plugin & { fileName: () => string | null } {
  let root = '';
  let fileName: string | null = null;
  let assetsDir = '';
  let env: Record<string, unknown> = {};
  return {
    name: 'th-first-calls',
    fileName: () => fileName,
    apply: 'build',
    configResolved(config) {
      root = config.root;
      assetsDir = config.build.assetsDir;
      env = config.env;
    },
    async generateBundle() {
      const result = await build({
        stdin: { contents: `import { start } from './src/first-calls.ts';\nstart();\n`, resolveDir: root, loader: 'ts' },
        bundle: true,
        write: false,
        format: 'esm',
        minify: true,
        target: 'es2022',
        tsconfig: path.join(root, 'tsconfig.json'),
        define: { 'import.meta.env': JSON.stringify(env) },
        logLevel: 'silent',
      });
      const source = result.outputFiles[0]!.contents;
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      fileName = `${assetsDir}/first-calls-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });
    },
  };
}

