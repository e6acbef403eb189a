import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The 17,950 most common passwords of 8+ characters, lowercased. Taken from the password dictionary of
 * @zxcvbn-ts/language-common 4.1.3 (MIT, © Dan Wheeler, Dropbox, Inc. and @zxcvbn-ts); see
 * common-passwords.NOTICE.txt. Shipped as a file, not a dependency.
 */
export const loadCommonPasswords = (file = path.join(__dirname, 'common-passwords.txt')): ReadonlySet<string> =>
  new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
