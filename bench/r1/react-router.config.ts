import type { Config } from "@react-router/dev/config";

// R1 of docs/architecture.md §11: the framework alone, rendering a one-line page (built by `npm run bench`).
export default { ssr: true, future: { v8_middleware: true } } satisfies Config;
