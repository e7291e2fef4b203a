export default { publicDir: false, build: { lib: { entry: '.zexp/a.ts', formats: ['iife'], name: 'X', fileName: () => 'a.js' }, outDir: '.zexp/out', minify: true } };
