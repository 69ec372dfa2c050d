// The markup of one of our pages as a tree of [tag, props, children], for R1 to render with React:
// what the framework alone costs to render that page, with no data, queries or components of ours.
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
const PROP_NAMES = {
  class: "className",
  for: "htmlFor",
  tabindex: "tabIndex",
  autocomplete: "autoComplete",
  viewbox: "viewBox",
};
const decode = (text) =>
  text.replace(
    /&(amp|lt|gt|quot|#x27|#39);/g,
    (_, name) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" })[name],
  );

/** Parses the `<body>` of a page rendered by React (well formed), leaving out scripts and comments. */
export function parseMarkup(html) {
  let body = html.slice(html.indexOf("<body"), html.lastIndexOf("</body>"));
  body = body
    .slice(body.indexOf(">") + 1)
    .replace(/<script[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<!--[\s\S]*?-->/g, "");
  const root = ["div", {}, []];
  const stack = [root];
  let position = 0;
  for (const match of body.matchAll(/<(\/?)([a-zA-Z0-9-]+)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>/g)) {
    const text = body.slice(position, match.index);
    if (text.trim()) stack.at(-1)[2].push(decode(text));
    position = match.index + match[0].length;
    const [, closing, tag, attributes, selfClosing] = match;
    if (closing) {
      while (stack.length > 1 && stack.at(-1)[0] !== tag) stack.pop();
      if (stack.length > 1) stack.pop();
      continue;
    }
    const props = {};
    for (const [, name, value] of attributes.matchAll(/([^\s=>/]+)(?:="([^"]*)")?/g)) {
      if (name !== "style") props[PROP_NAMES[name] ?? name] = value === undefined ? true : decode(value);
    }
    const element = [tag, props, []];
    stack.at(-1)[2].push(element);
    if (!VOID.has(tag) && !selfClosing) stack.push(element);
  }
  return root;
}
