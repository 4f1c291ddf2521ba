import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Island } from '../../../templates/components/Island.tsx';
import { IslandsContext, type IslandInstance } from '../../../templates/components/islands-context.ts';

function Counter({ start }: { start: number }) {
  return createElement('button', null, `Count ${start}`);
}

describe('<Island> collects its instances through a React context', () => {
  it('records each island rendered inside the provider, with its props', () => {
    const instances: IslandInstance[] = [];
    const html = renderToString(
      createElement(
        IslandsContext.Provider,
        { value: instances },
        createElement(
          'main',
          null,
          createElement(Island<{ start: number }>, { name: 'Counter', component: Counter, props: { start: 2 } }),
          createElement(Island<{ start: number }>, { name: 'Counter', component: Counter, props: { start: 5 } }),
        ),
      ),
    );
    expect(instances.map((i) => [i.name, i.props, i.component])).toEqual([
      ['Counter', { start: 2 }, Counter],
      ['Counter', { start: 5 }, Counter],
    ]);
    expect(html).toContain('<div class="island" data-island="Counter" data-props="{&quot;start&quot;:2}"><button>Count 2</button></div>');
  });

  it('keeps two renders apart and leaves no global state behind', () => {
    const first: IslandInstance[] = [];
    const second: IslandInstance[] = [];
    const island = (start: number) => createElement(Island<{ start: number }>, { name: 'Counter', component: Counter, props: { start } });
    renderToString(createElement(IslandsContext.Provider, { value: first }, island(1)));
    renderToString(createElement(IslandsContext.Provider, { value: second }, island(2), island(3)));
    expect([first.length, second.length]).toEqual([1, 2]);
    expect(
      Object.getOwnPropertySymbols(globalThis)
        .map(String)
        .filter((s) => s.includes('sitegen.islands')),
    ).toEqual([]);
  });

  it('renders the same HTML without a collector (a component rendered on its own)', () => {
    expect(renderToString(createElement(Island<{ start: number }>, { name: 'Counter', component: Counter, props: { start: 7 } }))).toContain(
      '<button>Count 7</button>',
    );
  });
});
