// The custom elements manifest (schema 2.1): the declaration of <parley-chat> put together from what
// custom-elements-sources.ts reads (each attribute matched with its property), with the package's exports. Used by
// custom-elements-manifest.ts (the build's files) and scripts/api-reference.ts (docs/reference.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ATTRIBUTES_FILE,
  ELEMENT_FILE,
  readAttributes,
  readCssDocs,
  readEvents,
  readMembers,
  SourceFile,
  type CssPart,
  type CssProperty,
  type Doc,
  type Field,
  type ManifestEvent,
  type Method,
  type TypeText,
} from './custom-elements-sources.ts';

export const TAG_NAME = 'parley-chat';

// The rest of the manifest's schema (the parts read from the sources: custom-elements-sources.ts).
export interface Attribute {
  name: string;
  type: TypeText;
  description: string;
  fieldName?: string;
}
export interface ElementDeclaration {
  kind: 'class';
  name: string;
  description: string;
  customElement: true;
  tagName: string;
  attributes: Attribute[];
  members: Array<Field | Method>;
  events: ManifestEvent[];
  slots: never[];
  cssParts: CssPart[];
  cssProperties: CssProperty[];
}
export interface Manifest {
  schemaVersion: string;
  readme: string;
  modules: Array<{
    kind: 'javascript-module';
    path: string;
    declarations: ElementDeclaration[];
    exports: Array<{ kind: 'js' | 'custom-element-definition'; name: string; declaration: { name: string; module?: string } }>;
  }>;
}

/** The type an attribute's value has: a property's type without `null`. */
function attributeType(propertyType: string | undefined, doc: Doc): string {
  if (doc.tags.type) return doc.tags.type;
  if (!propertyType) return 'string';
  return propertyType.replace(/\s*\|\s*null\b/g, '').trim();
}

/** The manifest, read from the sources under `root` (the repository). */
export function generateManifest(root = process.cwd()): Manifest {
  const attributesSource = new SourceFile(ATTRIBUTES_FILE, readFileSync(join(root, ATTRIBUTES_FILE), 'utf8'));
  const elementSource = new SourceFile(ELEMENT_FILE, readFileSync(join(root, ELEMENT_FILE), 'utf8'));
  const attributeSources = readAttributes(attributesSource);
  const members = readMembers(elementSource, attributeSources);
  const fields = new Map(members.filter((member): member is Field => member.kind === 'field').map((field) => [field.name, field]));

  const attributes: Attribute[] = attributeSources.map(({ name, property, doc }) => {
    // The attribute's property, when the element has a writable one (not thread-id's threadId).
    const field = property ? fields.get(property) : undefined;
    const writable = field && !field.readonly ? field : undefined;
    return {
      name,
      type: { text: attributeType(writable?.type.text, doc) },
      description: doc.text,
      ...(writable ? { fieldName: writable.name } : {}),
    };
  });
  const { parts, properties } = readCssDocs(root);

  const declaration: ElementDeclaration = {
    kind: 'class',
    name: 'ParleyChatElement',
    description:
      "An embeddable chat widget: a launcher, a chat panel and the conversation with the service. Register it with `defineParleyChat()` from 'parley-chat', or load dist/parley.js.",
    customElement: true,
    tagName: TAG_NAME,
    attributes,
    members,
    events: readEvents(elementSource),
    slots: [],
    cssParts: parts,
    cssProperties: properties,
  };
  return {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    modules: [
      {
        kind: 'javascript-module',
        path: 'dist/index.js',
        declarations: [declaration],
        exports: [
          { kind: 'js', name: 'defineParleyChat', declaration: { name: 'defineParleyChat' } },
          { kind: 'custom-element-definition', name: TAG_NAME, declaration: { name: 'ParleyChatElement', module: 'dist/index.js' } },
        ],
      },
    ],
  };
}
