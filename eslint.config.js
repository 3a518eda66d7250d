import { readFileSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Import direction in the SPA: shared → features → app, and no feature imports another.
// Zones are generated from the folder list so a new feature is covered without editing this.
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'A feature must not import another feature; compose them in app/routes instead.',
  })),
  ...['components', 'config', 'lib', 'hooks', 'utils'].map((shared) => ({
    target: `./apps/web/src/${shared}`,
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared code must not import features or the app shell.',
  })),
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'Features must not import the app shell.',
  },
];

const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// A server module reaches another module only through its public file, `index.ts`; routes,
// services and queries behind it stay private, so a module can change them freely.
const serverZones = serverModules.map((module) => ({
  target: `./apps/server/src/modules/${module}`,
  from: './apps/server/src/modules',
  except: [`./${module}`, ...serverModules.filter((other) => other !== module).map((other) => `./${other}/index.ts`)],
  message: "Import another module only through its public file, modules/<module>/index.ts.",
}));

// Time in the SPA: a member reads and types times in one named zone (memberTimeZone, or
// TRADE_TIME_ZONE for trades), never the device's by accident. These read or format in the
// device's zone; each has a zone-explicit luxon form (DateTime…setZone(zone), toFormat).
/**
 * The trade zone and the live sessions' default zone are named once, in @th/domain
 * (TRADE_TIME_ZONE, DEFAULT_SESSION_TIME_ZONE); a zone typed again drifts from them. Lists of
 * zones offered to a member are arrays, which this does not touch.
 */
const torontoLiteral = {
  selector: ":not(ArrayExpression) > Literal[value='America/Toronto']",
  message:
    'Use TRADE_TIME_ZONE or DEFAULT_SESSION_TIME_ZONE from @th/domain rather than typing the zone.',
};

const deviceZoneTime = [
  {
    selector:
      "CallExpression[callee.property.name='resolvedOptions'][callee.object.callee.property.name='DateTimeFormat']",
    message:
      "The device's zone is never the member's: use memberTimeZone(profile zone) from @th/domain.",
  },
  {
    selector:
      'CallExpression[callee.property.name=/^(getHours|getMinutes|getDate|getDay|getMonth|getFullYear|toLocaleDateString|toLocaleTimeString)$/]',
    message:
      "Reads a Date in the device's zone: use luxon with an explicit zone (DateTime.fromISO(iso, { zone })).",
  },
  {
    selector:
      "CallExpression[callee.property.name='toLocaleString'][callee.object.type='NewExpression'][callee.object.callee.name='Date']",
    message: "Formats in the device's zone: use luxon with an explicit zone.",
  },
  {
    selector:
      "CallExpression[callee.property.name='toLocaleString'] > MemberExpression.arguments[object.name='DateTime']",
    message:
      "Formats in luxon's default (the device's) zone: setZone(zone) first, or toFormat with a zone-set DateTime.",
  },
  {
    selector:
      "NewExpression[callee.name='Date'][arguments.length=1][arguments.0.type='TemplateLiteral']",
    message:
      'A date-time string without an offset is read in the device zone: parse it with luxon in a named zone.',
  },
];

// One API definition (issue #21): the SPA calls an endpoint through `api.call(<definition from
// @th/contracts>)`, never by a path typed again; only the client itself names paths (its rules).
const apiPathInWeb = [
  {
    selector: 'Literal[value=/^\\/api\\//]',
    message:
      'Call the API through api.call(<endpoint from @th/contracts>) rather than a typed /api path.',
  },
  {
    selector: 'TemplateLiteral[quasis.0.value.raw=/^\\/api\\//]',
    message:
      'Call the API through api.call(<endpoint from @th/contracts>) rather than a typed /api path.',
  },
];

// Named routes: a page links with `paths.x(...)` from config/paths.ts, never by typing the path
// again, so a link cannot point at a route the table lacks. The first segments of the table's
// patterns are read from that file, so a new route is covered without editing this.
const routeSegments = [
  ...new Set(
    [...readFileSync(new URL('./apps/web/src/config/paths.ts', import.meta.url), 'utf8').matchAll(/^ {2}\w+: '\/([a-z-]+)/gm)].map(
      (match) => match[1],
    ),
  ),
].join('|');
const routePathInWeb = [
  {
    selector: `Literal[value=/^\\/(${routeSegments})(\\/|\\?|#|$)/]`,
    message: 'Link to a page with paths.<name> from @/config/paths rather than a typed route path.',
  },
  {
    selector: `TemplateLiteral[quasis.0.value.raw=/^\\/(${routeSegments})(\\/|\\?|#|$)/]`,
    message: 'Link to a page with paths.<name> from @/config/paths rather than a typed route path.',
  },
];

// Icons are drawn (components/icons.tsx), never typed as a symbol or emoji character: the
// device's fonts draw a character, and one without that glyph shows an empty box. Covers
// Miscellaneous Symbols (U+2600–U+26FF) and the emoji planes (as UTF-16 surrogate pairs).
const fontGlyph = '[\\u2600-\\u26FF]|\\uD83C[\\uDF00-\\uDFFF]|\\uD83D[\\uDC00-\\uDEFF]|\\uD83E[\\uDD00-\\uDEFF]';
const glyphIcon = ['Literal[value', 'JSXText[value', 'TemplateElement[value.raw'].map((attribute) => ({
  selector: `${attribute}=/${fontGlyph}/]`,
  message: 'Draw the icon with <Icon name=…> from @/components/icons: a device without this character in its fonts shows an empty box.',
}));

// Errors are put into words one way (describeError); a cast hides a NetworkError or a thrown Error.
const apiErrorCast = {
  selector: "TSAsExpression > TSTypeReference.typeAnnotation[typeName.name='ApiError']",
  message:
    'Do not cast to ApiError: use describeError(error, fallback), or narrow with instanceof ApiError.',
};

/** A failure's status is null when no answer came: printing it as "(0)" tells the member nothing. */
const statusAsZero = {
  selector: "TemplateLiteral > LogicalExpression[operator='??'][left.name=/^(status|s)$/][right.value=0]",
  message: 'No answer has no status: say the no-answer sentence when status is null instead of "(0)".',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    // Without a resolver import-x skips every import it cannot find on disk as written
    // (`@/…`, extensionless paths), and no-restricted-paths silently passes them. The project
    // references of the root tsconfig give each app its own paths.
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' }), createNodeResolver()],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, ...serverZones] }],
      // Packages shared with the browser must stay free of server code.
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['packages/domain/**', 'packages/contracts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fastify*', 'drizzle-orm*', 'pg', '@th/server'] },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', torontoLiteral] },
  },
  {
    // The push service worker runs in the worker's scope, not a page's.
    files: ['apps/web/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-syntax': ['error', ...deviceZoneTime, torontoLiteral, apiErrorCast, statusAsZero],
      // React holds back content that replaces a Suspense fallback until 300 ms after the
      // fallback showed: a lazy component appeared that late even with its code loaded.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['lazy', 'Suspense'],
              message: 'Load code on demand with useLoaded/preload (lib/use-loaded.ts): a Suspense reveal is held back 300 ms.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/api-client.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...deviceZoneTime,
        torontoLiteral,
        apiErrorCast,
        statusAsZero,
        ...apiPathInWeb,
        ...routePathInWeb,
        ...glyphIcon,
      ],
    },
  },
  {
    // The route table itself.
    files: ['apps/web/src/config/paths.ts'],
    rules: { 'no-restricted-syntax': ['error', ...deviceZoneTime, torontoLiteral, apiErrorCast, statusAsZero, ...apiPathInWeb] },
  },
  {
    // Tests may set and read the device zone on purpose, to prove the product ignores it.
    files: ['apps/web/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
