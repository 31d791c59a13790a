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
  {
    // Query keys come from the factories of src/web/api/keys.ts, which the live map is checked against
    // (issue 24 §6): a key spelled in place could hide from the live stream.
    files: ['src/web/**/*.ts', 'src/web/**/*.tsx'],
    ignores: ['src/web/api/keys.ts', 'src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "Property[key.name='queryKey'] > ArrayExpression", message: 'Las claves de consulta vienen de queryKeys (src/web/api/keys.ts)' },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
