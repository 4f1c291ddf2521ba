/**
 * The components the theme offers in markdown, by the name a writer uses (src/markdown/theme-components.ts lists the
 * same names for the parse). A site's `site/components/<Name>.tsx` replaces one of them, or adds another.
 */
import type { ComponentType } from 'react';
import { Badge } from './Badge';
import { Callout } from './Callout';
import { Card, Cards } from './Card';
import { FileTree } from './FileTree';
import { Image } from './Image';
import { Tab, Tabs } from './MarkdownTabs';
import { Steps } from './Steps';

export const markdownComponents: Record<string, ComponentType<never>> = { Badge, Callout, Card, Cards, FileTree, Image, Steps, Tab, Tabs };
