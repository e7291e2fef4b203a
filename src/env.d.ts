// Vite's client types, for the `?inline` stylesheet imports.
/// <reference types="vite/client" />
