// The widget's stylesheet as a string, for <parley-chat> to adopt into its shadow root as a
// constructable stylesheet. Vite minifies it at build time (?inline).
import css from './widget.css?inline';

export const widgetCss: string = css;
