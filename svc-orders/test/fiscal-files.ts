import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import type request from 'supertest';
import { validateXML } from 'xmllint-wasm';

// The official FatturaPA schema 1.2.2 (copy and note in test/fatturapa/).
const SCHEMA_DIR = path.join(__dirname, 'fatturapa');
const xsd = (fileName: string) => ({
  fileName,
  contents: readFileSync(path.join(SCHEMA_DIR, fileName), 'utf8'),
});
const schema = xsd('Schema_VFPR12_v1.2.2.xsd');
const preload = xsd('xmldsig-core-schema.xsd');

/** Every generated file goes through the official schema: the test fails with xmllint's own words. */
export const validate = (xml: string) =>
  validateXML({ xml: [{ fileName: 'fattura.xml', contents: xml }], schema: [schema], preload: [preload] });

export async function expectValidFatturaPa(xml: string) {
  const result = await validate(xml);
  expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
  expect(result.valid).toBe(true);
}

/** A PDF's text, runs of blanks folded to one. */
export async function pdfText(pdf: Buffer): Promise<string> {
  // drizzle-kit (loaded by the test database's migrations) adds an enumerable Array.prototype.random, which pdf.js
  // refuses; hidden from enumeration, it still works for drizzle-kit.
  const random = Object.getOwnPropertyDescriptor(Array.prototype, 'random');
  if (random?.enumerable) Object.defineProperty(Array.prototype, 'random', { ...random, enumerable: false });
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/[ \t]+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

/** supertest keeps binary answers (PDF, XML) as a Buffer. */
export const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};
