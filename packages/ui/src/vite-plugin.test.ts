import { describe, expect, test } from 'vitest';
import { fahrwerkScopedCss, scopeDocumentRoot } from './vite-plugin.mjs';

describe('scopeDocumentRoot', () => {
  test('turns the document-root rules inside @scope (.fahrwerk) into :scope', () => {
    const css = [
      '@layer theme {',
      '  @scope (.fahrwerk) {',
      '    :root, :host {',
      '      --color-brand-600: #1f5f8b;',
      '    }',
      '  }',
      '}',
      '@layer base {',
      '  @scope (.fahrwerk) {',
      '    *, ::after { box-sizing: border-box; }',
      '    html, :host { line-height: 1.5; }',
      '    @media (hover: hover) { a:hover { color: red; } }',
      '  }',
      '}',
    ].join('\n');
    const scoped = scopeDocumentRoot(css);
    expect(scoped).toContain(':scope {\n      --color-brand-600');
    expect(scoped).toContain(':scope { line-height: 1.5; }');
    expect(scoped).not.toMatch(/:root|html|:host/);
    expect(scoped.replace(/:scope/g, '')).toBe(
      css.replace(':root, :host', '').replace('html, :host', ''),
    );
  });

  test('minified CSS too', () => {
    expect(scopeDocumentRoot('@scope(.fahrwerk){:root,:host{--a:1}}')).toBe(
      '@scope(.fahrwerk){:scope{--a:1}}',
    );
  });

  test('leaves everything outside the scope alone, the host’s :root and html included', () => {
    const css =
      ':root, :host { --host: 1; }\nhtml, :host { margin: 0; }\n@scope (.other) { :root, :host { --x: 1; } }';
    expect(scopeDocumentRoot(css)).toBe(css);
  });

  test('the plugin only looks at CSS that names the scope', () => {
    const plugin = fahrwerkScopedCss();
    expect(plugin.transform('@scope (.fahrwerk) { :root, :host {} }', '/a.js')).toBeNull();
    expect(plugin.transform(':root, :host {}', '/a.css')).toBeNull();
    expect(plugin.transform('@scope (.fahrwerk) { :root, :host {} }', '/a.css?direct')).toEqual({
      code: '@scope (.fahrwerk) { :scope {} }',
      map: null,
    });
  });
});
