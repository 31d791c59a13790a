import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = ['auth', 'profile', 'admin', 'hr', 'employee', 'provider', 'surveys'];

/**
 * The boundaries of ARCHITECTURE §3, with ESLint's own no-restricted-imports (the import plugins
 * need a native resolver whose other-platform builds the registry here does not serve, which breaks
 * `npm ci`; see docs/decisions.md): domain imports nothing of ours, web and server never import each
 * other, features do not import each other.
 */
const restrict = (...rules) => ['error', { patterns: rules.map(([regex, message]) => ({ regex, message })) }];
const boundaries = [
  { files: ['src/domain/**'], rules: { 'no-restricted-imports': restrict(['(^|/)(server|web)(/|$)', 'domain no importa nada nuestro'], ['^\\.\\./\\.\\./', 'domain no importa nada nuestro']) } },
  { files: ['src/web/**'], rules: { 'no-restricted-imports': restrict(['(^|/)server(/|$)', 'web nunca importa server']) } },
  { files: ['src/server/**'], rules: { 'no-restricted-imports': restrict(['(^|/)web(/|$)', 'server nunca importa web']) } },
  ...features.map((feature) => ({
    files: [`src/web/features/${feature}/**`],
    rules: {
      'no-restricted-imports': restrict(
        ['(^|/)server(/|$)', 'web nunca importa server'],
        [`^\\.\\./(${features.filter((f) => f !== feature).join('|')})(/|$)`, 'las features no se importan entre sí: compón en src/web/app'],
      ),
    },
  })),
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
