import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { renderMailPreviews } from '@modules/notifications';

/**
 * `npm run mail:preview`: every mail to a shop's people, in each language, written to
 * var/mail-preview/<template>.<language>.html and .txt (the subject on the text's first line) for a
 * person to open. Sample data only: no database, no Redis, no mail server.
 */
async function main(): Promise<void> {
  const directory = resolve(process.cwd(), 'var', 'mail-preview');
  mkdirSync(directory, { recursive: true });
  for (const { template, language, mail } of await renderMailPreviews()) {
    const base = join(directory, `${template}.${language}`);
    writeFileSync(`${base}.html`, mail.html);
    writeFileSync(`${base}.txt`, `Subject: ${mail.subject}\n\n${mail.text}\n`);
    process.stdout.write(`${base}.html\n${base}.txt\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`mail:preview failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
