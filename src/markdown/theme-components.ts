/** The components the default theme offers in markdown (templates/components/markdown-components.ts renders them). */
export const THEME_COMPONENTS = ['Badge', 'Callout', 'Card', 'Cards', 'FileTree', 'Image', 'Steps', 'Tab', 'Tabs'] as const;
