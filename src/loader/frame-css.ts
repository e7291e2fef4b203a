// The frame's stylesheet as a string (the launcher, the panel's box, the loader's error state).
// Vite minifies it at build time (?inline).
import css from './frame.css?inline';

export const frameCss: string = css;
