/** Types the content model shares with markdown, in a module with no imports: the installed package's types reach it. */
export interface LinkRef {
  href: string;
  line: number;
}
