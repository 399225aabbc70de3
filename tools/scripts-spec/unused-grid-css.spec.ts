import { dropUnusedGridRules, withoutSpanRules } from '../webpack/unused-grid-css.cjs';

// antd's grid styles as extractStyle writes them (abridged from a pre-rendered login page).
const GRID = [
  ':where(.css-x).ant-row{display:flex;flex-flow:row wrap;min-width:0;}',
  ':where(.css-x).ant-col{position:relative;max-width:100%;min-height:1px;}',
  ':where(.css-x).ant-col-24{display:block;flex:0 0 100%;max-width:100%;}',
  ':where(.css-x).ant-col-push-3{inset-inline-start:12.5%;}',
  ':where(.css-x).ant-col-order-1,:where(.css-x).ant-col-order-2{order:1;}',
  ':where(.css-x).ant-col-12,:where(.css-x).ant-form-item-label{flex:0 0 50%;}',
  '@media (min-width: 576px){:where(.css-x).ant-col-sm-24{display:block;}:where(.css-x).ant-col-sm-offset-2{margin-inline-start:8.3%;}}',
  '@media (min-width: 768px){:where(.css-x).ant-col-md-6{display:block;}:where(.css-x).ant-row-md{gap:4px;}}',
].join('');

describe("the public pages' styles without antd's grid spans", () => {
  it('drops the rules that select only by a span class, and keeps the rest', () => {
    const css = withoutSpanRules(GRID);
    expect(css).toContain('.ant-row{');
    expect(css).toContain('.ant-col{');
    expect(css).not.toMatch(/ant-col-24|ant-col-push-3|ant-col-order|ant-col-sm|ant-col-md/);
    // A rule that also selects another class is kept whole.
    expect(css).toContain(':where(.css-x).ant-col-12,:where(.css-x).ant-form-item-label{flex:0 0 50%;}');
    // A media query left empty goes; one with a rule left stays.
    expect(css).not.toContain('576px');
    expect(css).toContain('@media (min-width: 768px){:where(.css-x).ant-row-md{gap:4px;}}');
  });

  it("prunes each style element of a page, and refuses a page that uses a span class", () => {
    const styles = `<style data-css-hash="a">${GRID}</style><style data-css-hash="b">.ant-btn{color:red}</style>`;
    const pruned = dropUnusedGridRules(styles, '<div class="ant-row css-x"><div class="ant-col css-x"></div></div>');
    expect(pruned).toContain('<style data-css-hash="b">.ant-btn{color:red}</style>');
    expect(pruned.length).toBeLessThan(styles.length);
    expect(() => dropUnusedGridRules(styles, '<div class="ant-col ant-col-12"></div>')).toThrow(/grid span class/);
  });
});
