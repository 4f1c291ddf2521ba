/**
 * Marks a component as an island: its server HTML is complete, and in the browser it hydrates
 * with React from its own chunk, only on pages where it appears.
 *
 *   <Island name="HmacCalculator" component={HmacCalculator} props={{ defaultSecret: 'whsec_…' }} />
 *
 * `name` is the file name in templates/islands/ (its default export, or the export of that name).
 * Props must be plain JSON: they travel to the browser in a data attribute.
 */
import type { ComponentType } from 'react';

export interface IslandInstance {
  name: string;
  props: object;
  component: ComponentType<object>;
}

const COLLECTOR = Symbol.for('sitegen.islands');

export function Island<P extends object>({ name, component: Component, props }: { name: string; component: ComponentType<P>; props: P }) {
  const collected = (globalThis as { [COLLECTOR]?: IslandInstance[] })[COLLECTOR];
  collected?.push({ name, props, component: Component as ComponentType<object> });
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
