// Writes dist/custom-elements.json (https://github.com/webcomponents/custom-elements-manifest, schema 2.1) and the
// editors' data made from it, dist/vscode.html-custom-data.json and dist/vscode.css-custom-data.json (`npm run build`
// runs this). Re-exports the manifest's API; src/loader/manifest.test.ts checks the result against the running element.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateManifest, type ElementDeclaration, type Manifest } from './custom-elements-generate.ts';

export { generateManifest, TAG_NAME, type Attribute, type ElementDeclaration, type Manifest } from './custom-elements-generate.ts';
export {
  customPropertiesUsed,
  partsUsed,
  type CssPart,
  type CssProperty,
  type Field,
  type ManifestEvent,
  type Method,
  type TypeText,
} from './custom-elements-sources.ts';

const REFERENCES = [{ name: 'README', url: 'https://www.npmjs.com/package/parley-chat' }];

function element(manifest: Manifest): ElementDeclaration {
  return manifest.modules[0]!.declarations[0]!;
}

/** VS Code's HTML custom data (`html.customData`): the tag and its attributes, for plain HTML files. */
export function vsCodeHtmlData(manifest: Manifest) {
  const declaration = element(manifest);
  return {
    $schema: 'https://raw.githubusercontent.com/microsoft/vscode-html-languageservice/main/docs/customData.schema.json',
    version: 1.1,
    tags: [
      {
        name: declaration.tagName,
        description: `${declaration.description}\n\nEvents: ${declaration.events.map((event) => `\`${event.name}\``).join(', ')}.\n\nParts: ${declaration.cssParts.map((part) => part.name).join(', ')}.`,
        attributes: declaration.attributes.map((attribute) => ({
          name: attribute.name,
          description: attribute.description,
          ...(attribute.type.text === 'boolean' ? { valueSet: 'v' } : {}),
        })),
        references: REFERENCES,
      },
    ],
  };
}

/** VS Code's CSS custom data (`css.customData`): the custom properties and `::part()`. */
export function vsCodeCssData(manifest: Manifest) {
  const declaration = element(manifest);
  return {
    $schema: 'https://raw.githubusercontent.com/microsoft/vscode-css-languageservice/main/docs/customData.schema.json',
    version: 1.1,
    properties: declaration.cssProperties.map((property) => ({
      name: property.name,
      description: `<${declaration.tagName}>: ${property.description}${property.default ? ` Default: ${property.default}.` : ''}`,
      references: REFERENCES,
    })),
    pseudoElements: [
      {
        name: '::part',
        description: `<${declaration.tagName}>'s parts: ${declaration.cssParts.map((part) => `${part.name} (${part.description})`).join('; ')}`,
        references: REFERENCES,
      },
    ],
  };
}

/** Writes the three files into `outDir`. */
export function writeManifestFiles(root = process.cwd(), outDir = join(root, 'dist')): string[] {
  const manifest = generateManifest(root);
  mkdirSync(outDir, { recursive: true });
  const files: Array<[string, unknown]> = [
    ['custom-elements.json', manifest],
    ['vscode.html-custom-data.json', vsCodeHtmlData(manifest)],
    ['vscode.css-custom-data.json', vsCodeCssData(manifest)],
  ];
  return files.map(([name, content]) => {
    const path = join(outDir, name);
    writeFileSync(path, `${JSON.stringify(content, null, 2)}\n`);
    return path;
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const path of writeManifestFiles()) console.log(`wrote ${path}`);
}
