import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { shop } from './shop';

/** The e-mails the shop wrote (no SMTP in the journeys: .eml files under DATA_DIR/mail) to an address. */
async function mailsTo(address: string): Promise<ParsedMail[]> {
  const folder = path.join(shop.dataDir, 'mail');
  let files: string[];
  try {
    files = readdirSync(folder).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  const parsed = await Promise.all(files.map((file) => simpleParser(readFileSync(path.join(folder, file)))));
  return parsed.filter((mail) => JSON.stringify(mail.to).includes(address));
}

/** The first e-mail to `address` whose subject contains `subject`, waited for. */
export async function mailAbout(address: string, subject: string, timeoutMs = 20_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(address)).find((mail) => mail.subject?.includes(subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail "${subject}" to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
