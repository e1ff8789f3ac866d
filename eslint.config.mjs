// Type-aware linting for the services and libs (see CONVENTIONS.md "Lint and habits"), and for the
// two web apps' sources (web-user/src, web-admin/src) with the React hooks rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

const webApps = ['web-user/src/**/*.{ts,tsx}', 'web-admin/src/**/*.{ts,tsx}'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      'coverage/**',
      // Of the web apps only src/ is linted (their vite.config.ts, public/ and dist/ are not).
      'web-user/*',
      '!web-user/src',
      'web-admin/*',
      '!web-admin/src',
      '**/*.mjs',
      '**/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // Each file is checked with the nearest tsconfig.json: the root one for services, libs,
      // test and bench; web-user/tsconfig.json and web-admin/tsconfig.json for the apps.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Services, libs, tests and benchmarks: Node and jest.
    ignores: webApps,
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-extraneous-class': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/libs/*/src/**', '../../libs/**', '**/services/*/src/**'],
              message: 'Use the @app/* aliases; never import another service.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(describe|it|test)$/]",
          message: 'No committed .only',
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts', '**/*.spec.ts', '**/*.e2e-spec.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-imports': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // The web apps run in the browser. Hooks: the plugin's recommended set, which besides
    // rules-of-hooks and exhaustive-deps holds the React Compiler's checks of the Rules of React
    // (pure render, no ref reads in render, no synchronous setState in effects, ...); they hold
    // without the compiler too. exhaustive-deps is an error here: a missing dependency is a stale
    // value, and a deliberate exception says why on its line. `npm run lint` passes
    // --max-warnings 0, so the preset's warnings (incompatible-library, unsupported-syntax) and
    // a disable comment that no longer disables anything fail it as well.
    files: webApps,
    languageOptions: { globals: globals.browser },
    plugins: reactHooks.configs.flat.recommended.plugins,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
