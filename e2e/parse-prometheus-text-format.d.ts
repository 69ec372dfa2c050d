/** The parser the metrics test reads a scrape with: metric families, each with its samples. */
declare module "parse-prometheus-text-format" {
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
