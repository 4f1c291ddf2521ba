/** `import text from './file.ext?raw'` gives the file's contents as a string (see src/render/resolve.ts). */
declare module '*?raw' {
  const contents: string;
  export default contents;
}
