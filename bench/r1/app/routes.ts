import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [index("routes/home.tsx"), route("page/:name", "routes/page.tsx")] satisfies RouteConfig;
