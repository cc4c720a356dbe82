/** The W3C Nu HTML Checker's npm package: its default export is the path of vnu.jar. */
declare module 'vnu-jar' {
  const jar: string;
  export default jar;
}
