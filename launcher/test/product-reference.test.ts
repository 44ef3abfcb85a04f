import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every document a file cites is in the repository (docs/decisions/0041-product-reference.md): no file names the
 * customer's original specification or the notes kept beside the repository, and every citation of a
 * `docs/….md#anchor` names a file and an explicit anchor (`<a id="…">`) that exist.
 */
const ROOT = path.join(__dirname, '..', '..');

/** Generated or installed folders (.gitignore), never the repository's own text. */
const SKIPPED = new Set([
  '.git',
  'node_modules',
  'dist',
  'dist-server',
  'data',
  'coverage',
  'test-results',
  '.test-data',
]);
const SKIPPED_PATHS = new Set([path.join('bench', 'results')]);

function repositoryFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return SKIPPED.has(entry.name) || SKIPPED_PATHS.has(path.relative(ROOT, full))
        ? []
        : repositoryFiles(full);
    }
    return entry.isFile() ? [full] : [];
  });
}

/** The text of a file, or null for a binary one (a NUL byte in it). */
function text(file: string): string | null {
  const bytes = readFileSync(file);
  return bytes.includes(0) ? null : bytes.toString('utf8');
}

/** Documents outside the repository: the specification by its short name, and the notes by their file names. */
const OUTSIDE_DOCUMENTS = [/\bSPEC\b/, /\b(?:ARCHITECTURE|PROVIDERS|STACK-NOTES)\.md\b/];

/** A path under the docs folder ending in .md, with its #anchor if any, written from the repository's root. */
const ROOT_CITATION = /(?<![\w./-])(docs\/[\w./-]+?\.md)(?:#([\w-]+))?/g;
/** A Markdown link to a relative `.md` file or to an anchor of the same file: `](file.md#anchor)`, `](#anchor)`. */
const MARKDOWN_LINK = /\]\(((?!https?:)[\w./-]+?\.md)?(?:#([\w-]+))?\)/g;

interface Citation {
  line: number;
  file: string;
  anchor?: string;
}

/** Where an outside document is named in a text, one entry per line. */
function outsideCitations(source: string): number[] {
  return source
    .split('\n')
    .flatMap((line, index) => (OUTSIDE_DOCUMENTS.some((pattern) => pattern.test(line)) ? [index + 1] : []));
}

/** The `docs/` citations of a text, and for Markdown its relative links, resolved from the repository's root. */
function citations(source: string, relativeFile: string): Citation[] {
  const lines = source.split('\n');
  const found: Citation[] = [];
  lines.forEach((line, index) => {
    for (const match of line.matchAll(ROOT_CITATION)) {
      found.push({ line: index + 1, file: match[1]!, anchor: match[2] });
    }
    if (!relativeFile.endsWith('.md')) return;
    for (const [, target, anchor] of line.matchAll(MARKDOWN_LINK)) {
      if (target === undefined && anchor === undefined) continue;
      const file = target
        ? path.posix.normalize(path.posix.join(path.posix.dirname(relativeFile), target))
        : relativeFile;
      found.push({ line: index + 1, file, anchor });
    }
  });
  return found;
}

/** The explicit anchors of a Markdown text. */
function anchors(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/<a id="([\w-]+)"><\/a>/g)].map((match) => match[1]!));
}

/** What is wrong with each citation of the texts: a missing file or a missing anchor. */
function brokenCitations(texts: Map<string, string>, readDoc: (file: string) => string | null): string[] {
  const anchorsOf = new Map<string, Set<string> | null>();
  const anchorsFor = (file: string) => {
    if (!anchorsOf.has(file)) {
      const doc = readDoc(file);
      anchorsOf.set(file, doc === null ? null : anchors(doc));
    }
    return anchorsOf.get(file)!;
  };
  return [...texts].flatMap(([name, source]) =>
    citations(source, name).flatMap(({ line, file, anchor }) => {
      const known = anchorsFor(file);
      if (known === null) return [`${name}:${line}: ${file} does not exist`];
      if (anchor !== undefined && !known.has(anchor))
        return [`${name}:${line}: ${file} has no anchor #${anchor}`];
      return [];
    }),
  );
}

const readRepositoryDoc = (file: string) => {
  const full = path.join(ROOT, file);
  return existsSync(full) ? readFileSync(full, 'utf8') : null;
};

describe('the documents the repository cites', () => {
  const texts = new Map(
    repositoryFiles().flatMap((file) => {
      const source = text(file);
      return source === null ? [] : [[path.relative(ROOT, file).split(path.sep).join('/'), source] as const];
    }),
  );

  it('reads the whole repository, this file and the product reference included', () => {
    expect(texts.has('launcher/test/product-reference.test.ts')).toBe(true);
    expect(texts.has('docs/product/README.md')).toBe(true);
    expect(texts.has('svc-orders/src/orders/order-writer.ts')).toBe(true);
    expect([...texts.keys()].some((name) => name.includes('node_modules/'))).toBe(false);
  });

  it('names no document that lives outside the repository', () => {
    const named = [...texts].flatMap(([name, source]) =>
      outsideCitations(source).map((line) => `${name}:${line}`),
    );
    expect(named).toEqual([]);
  });

  it('cites only docs files and anchors that exist', () => {
    expect(brokenCitations(texts, readRepositoryDoc)).toEqual([]);
  });

  it('tells each kind of wrong citation apart', () => {
    // Built from parts, so that this file itself cites nothing.
    const spec = ['SP', 'EC'].join('');
    const outside = [`See the ${spec} §2.`, `the ${'PROVIDERS'}${'.md'} notes`, `a ${spec}IAL case`].join(
      '\n',
    );
    expect(outsideCitations(outside)).toEqual([1, 2]);
    const doc = (name: string) => ['docs', 'product', name].join('/');
    const docs = new Map([[doc('a.md'), '<a id="here"></a>\n\n## Here']]);
    const readDoc = (file: string) => docs.get(file) ?? null;
    const source = [
      `// ${doc('a.md')}#here and ${doc('a.md')}`,
      `// ${doc('a.md')}#gone`,
      `// ${doc('missing.md')}#here`,
    ];
    expect(brokenCitations(new Map([['x.ts', source.join('\n')]]), readDoc)).toEqual([
      `x.ts:2: ${doc('a.md')} has no anchor #gone`,
      `x.ts:3: ${doc('missing.md')} does not exist`,
    ]);
    const markdown =
      'See [a](a.md#here), [b](a.md#nowhere), [c](#nor-here) and [web](https://example.com/x.md#y).';
    docs.set(doc('b.md'), markdown);
    expect(brokenCitations(new Map([[doc('b.md'), markdown]]), readDoc)).toEqual([
      `${doc('b.md')}:1: ${doc('a.md')} has no anchor #nowhere`,
      `${doc('b.md')}:1: ${doc('b.md')} has no anchor #nor-here`,
    ]);
  });
});
