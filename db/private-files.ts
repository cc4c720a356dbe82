/**
 * Folders and files only the shop's own user may read: the data folder holds the database, the
 * token secret and the demo accounts' passwords, and the backups hold every account and order.
 * Folders are 0700 and files 0600 whatever the umask, and a folder that is already there with a
 * wider mode is narrowed.
 */
import { chmodSync, closeSync, fchmodSync, mkdirSync, openSync } from 'node:fs';
import { open } from 'node:fs/promises';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `dir` (and any missing parent) if need be, and makes it 0700. A folder of another user
 * cannot be changed: that is said on stderr, and the folder is used as it is.
 */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  // The mode given to mkdirSync passes through the umask and leaves a folder already there as it was.
  try {
    chmodSync(dir, PRIVATE_DIR_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
    console.warn(`${dir} belongs to another user: its mode could not be set to 0700, so others may be able to read it.`);
  }
}

/** Opens `file` for writing (created or emptied), mode 0600 before a byte is written; returns its descriptor. */
export function openPrivateFileSync(file: string): number {
  const fd = openSync(file, 'w', PRIVATE_FILE_MODE);
  try {
    // The mode given to openSync passes through the umask and leaves a file already there as it was.
    fchmodSync(fd, PRIVATE_FILE_MODE);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

/** Writes `data` to `file` (created or replaced), mode 0600 before a byte is written. */
export async function writePrivateFile(file: string, data: Uint8Array | string): Promise<void> {
  const handle = await open(file, 'w', PRIVATE_FILE_MODE);
  try {
    await handle.chmod(PRIVATE_FILE_MODE);
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}
