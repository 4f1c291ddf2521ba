/**
 * Marks a component as an island: its server HTML is complete, and in the browser it hydrates
 * with React from its own chunk, only on pages where it appears.
 *
 *   <Island name="HmacCalculator" component={HmacCalculator} props={{ defaultSecret: 'whsec_…' }} />
 *
 * `name` is the file name in site/islands/ (or templates/islands/) (its default export, or the export of that name).
 * Props must be plain JSON: they travel to the browser in a data attribute.
 */
import { useContext, type ComponentType } from 'react';
import { IslandsContext, type IslandInstance } from './islands-context';

export type { IslandInstance };

export function Island<P extends object>({ name, component: Component, props }: { name: string; component: ComponentType<P>; props: P }) {
  const collected = useContext(IslandsContext);
  collected?.push({ name, props, component: Component as ComponentType<object> });
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
