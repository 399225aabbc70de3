// The public pages' pre-rendered styles without antd's grid spans (tools/webpack/prerender.mjs). antd's Form draws each
// field in a Row and Col, and registering the Col's styles writes every span, offset, push, pull and order class at
// every breakpoint (~86 KB of the login page's 217 KB of CSS), which a phone must parse before its first paint. No
// public page uses a span class (they would appear in the HTML, and the build then stops), so the rules that select
// only by them go. Nothing is lost once hydrated: antd finds its styles by hash and inserts none again, and no shell
// page sets a Col's span (`.ant-col` itself, which every field uses, stays).

/** A grid class with a span, offset, push, pull, order or breakpoint: `.ant-col-12`, `.ant-col-xs-offset-3`, `.ant-col-flex`. */
const SPAN_CLASS = /\.ant-col-[a-z0-9-]+/;

/** The class attribute values of an HTML document name a span class. */
function usesSpanClasses(html) {
  return /class="?[^">]*\bant-col-[a-z0-9]/.test(html);
}

/** Splits CSS at its top level into `prelude { body }` blocks (strings and comments aside: antd writes neither here). */
function topLevelBlocks(css) {
  const blocks = [];
  let depth = 0;
  let start = 0;
  let open = -1;
  for (let i = 0; i < css.length; i += 1) {
    const c = css[i];
    if (c === '{') {
      if (depth === 0) open = i;
      depth += 1;
    } else if (c === '}') {
      depth -= 1;
      if (depth === 0) {
        blocks.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
        start = i + 1;
      }
    }
  }
  const rest = css.slice(start).trim();
  return { blocks, rest };
}

/** The CSS without the rules every selector of which names a span class; at-rules (media queries) are pruned inside. */
function withoutSpanRules(css) {
  const { blocks, rest } = topLevelBlocks(css);
  let out = '';
  for (const { prelude, body } of blocks) {
    if (prelude.startsWith('@media') || prelude.startsWith('@supports')) {
      const inner = withoutSpanRules(body);
      if (inner.trim()) out += `${prelude}{${inner}}`;
    } else if (prelude.startsWith('@')) {
      out += `${prelude}{${body}}`;
    } else if (!prelude.split(',').every((selector) => SPAN_CLASS.test(selector))) {
      out += `${prelude}{${body}}`;
    }
  }
  return out + rest;
}

/**
 * The page's <style> elements (antd's extractStyle output) with the span rules dropped. Throws when the page itself
 * uses a span class: its rules would then be needed.
 */
function dropUnusedGridRules(styles, html) {
  if (usesSpanClasses(html)) throw new Error('a pre-rendered public page uses a grid span class (ant-col-*): keep its rules (tools/webpack/unused-grid-css.cjs)');
  return styles.replace(/(<style[^>]*>)([\s\S]*?)(<\/style>)/g, (_, open, css, close) => `${open}${withoutSpanRules(css)}${close}`);
}

module.exports = { dropUnusedGridRules, withoutSpanRules };
