/**
 * Where `<Island>` records each island it renders, so the build can write its payload: a React
 * context the render entry provides around every page (no global state). Outside a page render
 * (a test rendering a component alone) there is no collector and nothing is recorded.
 */
import { createContext, type ComponentType } from 'react';

export interface IslandInstance {
  name: string;
  props: object;
  component: ComponentType<object>;
}

export const IslandsContext = createContext<IslandInstance[] | undefined>(undefined);
