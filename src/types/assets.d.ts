// Style and image imports handled by webpack.
declare module '*.css';
declare module '*.jpg' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
