declare module '*.css';
declare module '*.webp' {
  const address: string;
  export default address;
}
