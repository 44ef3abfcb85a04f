import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { root } from './shop';

/** The schema's complaints about a FatturaPA file (the official 1.2.2 schema the repository keeps); none when valid. */
export async function fatturaPaErrors(xml: string): Promise<string[]> {
  const schemas = path.join(root, 'svc-orders/test/fatturapa');
  const schemaFile = (name: string) => ({
    fileName: name,
    contents: readFileSync(path.join(schemas, name), 'utf8'),
  });
  const validation = await validateXML({
    xml: [{ fileName: 'fattura.xml', contents: xml }],
    schema: [schemaFile('Schema_VFPR12_v1.2.2.xsd')],
    preload: [schemaFile('xmldsig-core-schema.xsd')],
  });
  return validation.errors.map((e) => e.rawMessage);
}
