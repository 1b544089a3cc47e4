import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';

/** A secret kept in a file only its owner reads: created once (32 random bytes, hex), then reused. */
export async function readOrCreateSecret(path: string): Promise<string> {
  const existing = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing !== undefined) return existing.trim();
  const secret = randomBytes(32).toString('hex');
  try {
    await writeFile(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process of the same DATA_DIR wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(path, 'utf8')).trim();
    throw error;
  }
}
