// The demo moderator's two-factor key: `npm start` enrols them (moderators need two-factor sign-in) and keeps the key
// beside the engines' data it belongs to (the engine cache's run folder, one file per stack's identity database), so
// later starts sign them in, `npm run two-factor -- code` prints their current code, and a person can add the key to an
// authenticator app. Demo data only: a real member's key never leaves identity.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateSync } from 'otplib';
import { cacheDir, engineEnv } from '../../infra/engines.mjs';
import { serviceEnv } from '../../stack/services.mjs';

export const demoKeyFile = (profile) =>
  path.join(cacheDir(), 'run', `demo-two-factor.${serviceEnv('identity', profile, engineEnv).MONGO_DB}.json`);

/** @returns {{ email: string, secret: string, recoveryCodes: string[] } | undefined} */
export const readDemoKey = (profile) =>
  existsSync(demoKeyFile(profile)) ? JSON.parse(readFileSync(demoKeyFile(profile), 'utf8')) : undefined;

export const saveDemoKey = (profile, key) => {
  mkdirSync(path.dirname(demoKeyFile(profile)), { recursive: true });
  writeFileSync(demoKeyFile(profile), `${JSON.stringify(key, null, 2)}\n`, { mode: 0o600 });
};

/** The demo moderator's code right now, as their app would show it. */
export const demoModeratorCode = (profile) => {
  const key = readDemoKey(profile);
  if (!key) return undefined;
  const now = Date.now() / 1000;
  return {
    email: key.email,
    code: generateSync({ secret: key.secret, period: 30, epoch: Math.floor(now) }),
    secondsLeft: 30 - (Math.floor(now) % 30),
  };
};
