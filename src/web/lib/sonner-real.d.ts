// The real sonner package under the name vite.config.ts gives it for the browser build (see lazy-sonner.tsx).
declare module 'sonner-real' {
  export * from 'sonner';
}

// A locale file imported whole as a module of its own (vite.locale-plugin.ts).
declare module '*.json?whole' {
  const texts: Record<string, unknown>;
  export default texts;
}

// Only some keys of a locale file (vite.locale-plugin.ts).
declare module '*&shell' {
  const texts: Record<string, unknown>;
  export default texts;
}
