const DUPLICATE_KEY = 11000;

interface MaybeMongoError {
  code?: unknown;
  writeErrors?: readonly { code?: unknown; err?: { code?: unknown } }[];
  errorResponse?: { code?: unknown };
}

/** True for E11000 however the driver or mongoose wraps it (single write, bulk write, insertMany). */
export const isDuplicateKeyError = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as MaybeMongoError;
  if (e.code === DUPLICATE_KEY || e.errorResponse?.code === DUPLICATE_KEY) return true;
  return (e.writeErrors ?? []).some((w) => w.code === DUPLICATE_KEY || w.err?.code === DUPLICATE_KEY);
};
