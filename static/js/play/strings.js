// Interface strings rendered by the template (gettext) into
// <script type="application/json" id="ui-strings">; modules never hold their own words.
//   const t = loadStrings();  t("move", { side: "White", peg: "B2", level: 1 })
// A key the page did not render is a bug: it is logged once and marked on <html> as
// data-missing-string so tests find it, and the key itself is shown instead.

export function loadStrings(doc = document, id = "ui-strings") {
  const element = doc.getElementById(id);
  const table = element ? JSON.parse(element.textContent) : {};
  const missing = new Set();
  return function t(key, params = {}) {
    let text = table[key];
    if (typeof text !== "string" || text === "") {
      if (!missing.has(key)) {
        missing.add(key);
        doc.documentElement.dataset.missingString = [...missing].join(" ");
        console.error(`missing interface string: ${key}`);
      }
      text = key;
    }
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
  };
}
