import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = ['auth', 'profile', 'admin', 'hr', 'employee', 'provider', 'surveys'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'e2e/screenshots/**', 'bench/results/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The boundaries of ARCHITECTURE §3: domain imports nothing of ours, web never imports server,
      // server never imports web, features do not import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/domain', from: ['./src/server', './src/web'], message: 'domain no importa nada nuestro' },
            { target: './src/web', from: './src/server', message: 'web nunca importa server' },
            { target: './src/server', from: './src/web', message: 'server nunca importa web' },
            ...features.map((feature) => ({
              target: `./src/web/features/${feature}`,
              from: features.filter((f) => f !== feature).map((f) => `./src/web/features/${f}`),
              message: 'las features no se importan entre sí: compón en src/web/app',
            })),
          ],
        },
      ],
    },
    settings: { 'import-x/ignore': ['node_modules'], 'import-x/extensions': ['.ts', '.tsx', '.js'], 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
