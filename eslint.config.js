import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * What the import-graph test (test/architecture/layers.test.ts, decision 390) does not check, with
 * ESLint's own no-restricted-imports (the import plugins need a native resolver whose other-platform
 * builds the registry here does not serve, which breaks `npm ci`; decision 162): web and server never
 * import each other, and below the routes nothing imports the HTTP layer. The layers, the modules'
 * faces, the web's features and every circle are the test's.
 */
const restrict = (...rules) => ['error', { patterns: rules.map(([regex, message]) => ({ regex, message })) }];
const noServer = ['(^|/|#)server(/|$)', 'web nunca importa server'];
const noWeb = ['(^|/|#)web(/|$)', 'server nunca importa web'];
const noHttp = ['(^|/)http(/|$)', 'los servicios no importan la capa HTTP: el Actor y companyOf están en src/server/actor.ts'];
const boundaries = [
  { files: ['src/web/**'], rules: { 'no-restricted-imports': restrict(noServer) } },
  { files: ['src/server/**'], rules: { 'no-restricted-imports': restrict(noWeb) } },
  // Services (everything under modules/ but the routes), the Actor, the data layer and the demo seed
  // sit below HTTP.
  {
    files: ['src/server/modules/**', 'src/server/actor.ts', 'src/server/db/**', 'src/server/demo/**'],
    ignores: ['src/server/modules/**/*routes.ts'],
    rules: { 'no-restricted-imports': restrict(noWeb, noHttp) },
  },
];

/**
 * Screen addresses live in src/domain/paths.ts (decision 374): a `/levelN…` string anywhere else, or
 * the start of a template's text, is refused. Tests may spell the address a person sees.
 * (`\x2F` is '/': a selector's regex cannot hold a slash.)
 */
const ROUTE_LITERALS = [
  'Literal[value=/^\\x2Flevel([0-9]|$)/]',
  'TemplateElement[value.raw=/^\\x2Flevel[0-9]/]',
  // `/level${n}`: an area's address built from its number.
  'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\x2Flevel$/]',
].map((selector) => ({ selector, message: 'Las rutas de pantallas vienen de paths (src/domain/paths.ts): href(paths.hr.benefits)' }));
const TESTS = ['src/**/*.test.ts', 'src/**/*.test.tsx'];
const literalQueryKey = { selector: "Property[key.name='queryKey'] > ArrayExpression", message: 'Las claves de consulta vienen de queryKeys (src/web/api/keys.ts)' };
const apiAddressMessage = 'Las direcciones de la API vienen del cliente: api.GET(\'/ruta\'), o apiUrl(\'/ruta\') para un enlace (src/web/api/client.ts)';
const apiAddress = [
  // esquery's regular expressions cannot hold a '/': \x2F is one.
  { selector: 'Literal[value=/^\\x2Fapi\\x2F/]', message: apiAddressMessage },
  { selector: 'TemplateLiteral[quasis.0.value.raw=/^\\x2Fapi\\x2F/]', message: apiAddressMessage },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'e2e/screenshots/**', 'e2e/artifacts/**', 'bench/results/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...boundaries,
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['src/**/*.ts', 'src/**/*.tsx'], ignores: ['src/domain/paths.ts', ...TESTS], rules: { 'no-restricted-syntax': ['error', ...ROUTE_LITERALS] } },
  // Query keys come from the factories of src/web/api/keys.ts, which the live map is checked against:
  // a key spelled in place could hide from the live stream. The API's addresses come from the one
  // client, typed from the server's schemas (decision 370): `/api/…` is spelled in
  // src/web/api/client.ts only. Flat config replaces a rule's options file by file, so each block
  // lists every selector that applies to its files (the route rule above, again). Tests are exempt.
  ...[
    { files: ['src/web/**/*.ts', 'src/web/**/*.tsx'], ignores: ['src/web/api/keys.ts', 'src/web/api/client.ts'], selectors: [literalQueryKey, ...apiAddress] },
    { files: ['src/web/api/keys.ts'], selectors: apiAddress },
    { files: ['src/web/api/client.ts'], selectors: [literalQueryKey] },
  ].map(({ files, ignores = [], selectors }) => ({
    files,
    ignores: [...ignores, ...TESTS],
    rules: { 'no-restricted-syntax': ['error', ...selectors, ...ROUTE_LITERALS] },
  })),
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
