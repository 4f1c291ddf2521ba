/**
 * The theme's public surface: `import { Shell, PostCard, type LayoutProps } from 'react-sitegen/templates'`.
 * For pages and layouts, which render on the server. An island (browser code) imports the one
 * component it needs by path (`react-sitegen/templates/components/Island`), so its chunk stays small.
 */
export type * from './types.ts';
export { Shell } from './components/Shell.tsx';
export { Header } from './components/Header.tsx';
export { SchemeToggle } from './components/SchemeToggle.tsx';
export { Footer } from './components/Footer.tsx';
export { Sidebar, findNavNode } from './components/Sidebar.tsx';
export { Toc } from './components/Toc.tsx';
export { PrevNext } from './components/PrevNext.tsx';
export { Body } from './components/Prose.tsx';
export { PostCard, Byline } from './components/PostCard.tsx';
export { Icon, type IconName } from './components/Icon.tsx';
export { Island } from './components/Island.tsx';
export { Image, type ImageProps } from './components/Image.tsx';
export { Once } from './components/Once.tsx';
export { LogoMark, Brand } from './components/Logo.tsx';
export { CtaBand } from './components/CtaBand.tsx';
export { Faq } from './components/Faq.tsx';
export { Tabs, type TabItem } from './components/Tabs.tsx';
export { CodeBlock } from './components/CodeBlock.tsx';
export { CodeTabs, type CodeSample } from './components/CodeTabs.tsx';
export { Section, Cards, Split, Chips, DataTable, type CardItem } from './components/Marketing.tsx';
export { ValidatedForm } from './components/ValidatedForm.tsx';
export { useStrings, StringsContext, createStrings, type Strings, type StringKey } from './i18n/strings.ts';
export { formatDate, formatShortDate, isoDay, titleCase, plural, fmString, fmStrings, fmFaq, type FaqItem } from './components/util.ts';
