import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Right-to-left: physical direction utilities break the Arabic layout (docs/architecture.md §9).
const PHYSICAL =
  "/(^|\\s)(ml|mr|pl|pr|left|right|border-l|border-r|rounded-l|rounded-r)-[0-9a-z\\[]|text-(left|right)(\\s|$)/";
const LOGICAL_MESSAGE = "Use logical utilities (ms-, me-, ps-, pe-, start-, end-, text-start, text-end).";
const PHYSICAL_CLASSES = [
  { selector: `JSXAttribute[name.name='className'] Literal[value=${PHYSICAL}]`, message: LOGICAL_MESSAGE },
  { selector: `JSXAttribute[name.name='className'] TemplateElement[value.raw=${PHYSICAL}]`, message: LOGICAL_MESSAGE },
];

// One way to build a link (docs/architecture.md §4): href() of routes.ts or the area table, never a string path,
// so that a renamed route fails the typecheck instead of a user's click. Static files (the icon) are not routes.
const LINK_MESSAGE = "Build the path with href() from react-router or the area table (linkTo), not a string.";
const PATH = "/^\\/(?!favicon)/";
const LINKS = [
  "JSXAttribute[name.name=/^(to|href|action)$/] > Literal",
  "JSXAttribute[name.name=/^(to|href|action)$/] > JSXExpressionContainer > Literal",
  "JSXAttribute[name.name=/^(to|href|action)$/] > JSXExpressionContainer > ConditionalExpression > Literal",
  "CallExpression[callee.name='safeRedirectPath'] > Literal",
  "CallExpression[callee.name=/^(redirect|redirectWithToast|redirectDocument)$/] > Literal",
  "Property[key.name=/^(to|href|link|loginRedirect)$/] > Literal",
].flatMap((parent) => [{ selector: `${parent}[value=${PATH}]`, message: LINK_MESSAGE }]);
const LINK_TEMPLATES = [
  "JSXAttribute[name.name=/^(to|href|action)$/] > JSXExpressionContainer > TemplateLiteral",
  "CallExpression[callee.name=/^(redirect|redirectWithToast|redirectDocument|safeRedirectPath)$/] > TemplateLiteral",
  "Property[key.name=/^(to|href|link)$/] > TemplateLiteral",
].map((parent) => ({ selector: `${parent} > TemplateElement:first-child[value.raw=${PATH}]`, message: LINK_MESSAGE }));

export default tseslint.config(
  {
    ignores: [
      "build",
      ".react-router",
      "bench/r1/build",
      "bench/r1/.react-router",
      "node_modules",
      "data",
      "e2e/.tmp",
      "playwright-report",
      "test-results",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-i18next",
              importNames: ["useTranslation"],
              message: "Use useTranslation from ~/platform/i18n/react (one shared instance per language).",
            },
            {
              name: "react-router",
              importNames: ["Form"],
              message:
                "Use Form from ~/components/forms/form-token (it carries the anti-forgery token, docs/decisions/0012).",
            },
          ],
        },
      ],
      "no-restricted-syntax": ["error", ...PHYSICAL_CLASSES, ...LINKS, ...LINK_TEMPLATES],
    },
  },
  { files: ["app/components/forms/form-token.tsx"], rules: { "no-restricted-imports": "off" } },
  // Tests and tools ask for paths as a user types them.
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "e2e/**", "bench/**", "scripts/**", "app/test/**"],
    rules: { "no-restricted-syntax": ["error", ...PHYSICAL_CLASSES] },
  },
  // Worker threads' sources: CommonJS evaluated by node:worker_threads (app/platform/workers/bounded-worker.server.ts).
  {
    files: ["**/*.worker.js"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
