import { churchMessages, errorCodes, LOGO_MAX_BYTES } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import type { DOMPurify } from 'dompurify';

export type LogoType = 'image/png' | 'image/jpeg' | 'image/svg+xml';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

const refused = (message: string, status = 400) =>
  new DomainError(status === 413 ? errorCodes.payloadTooLarge : errorCodes.validationFailed, status, status === 413 ? 'Payload too large' : 'Invalid request', message, [
    { field: 'file', message },
  ]);

/** A reference inside the SVG to anything but one of its own parts (`#id`) would load from elsewhere. */
const isExternal = (value: string) => !/^\s*#/.test(value);
const CSS_URL = /url\(\s*(['"]?)(?!#)[^)]*\1\s*\)|@import/i;

let externalFound = false;
let purifier: Promise<DOMPurify> | undefined;

/**
 * One DOMPurify on one jsdom window for the process, made at the first SVG (jsdom is large: the service starts without
 * it). Sanitising is synchronous, so calls never interleave.
 */
const purifierOnce = (): Promise<DOMPurify> =>
  (purifier ??= Promise.all([import('jsdom'), import('dompurify')]).then(([{ JSDOM }, { default: createDOMPurify }]) => {
    const purify = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
    purify.addHook('uponSanitizeAttribute', (_node, data) => {
      if ((data.attrName === 'href' || data.attrName === 'xlink:href') && isExternal(data.attrValue)) {
        externalFound = true;
        data.keepAttr = false;
      }
      if (data.attrName === 'style' && CSS_URL.test(data.attrValue)) {
        externalFound = true;
        data.keepAttr = false;
      }
    });
    purify.addHook('uponSanitizeElement', (node, data) => {
      if (data.tagName === 'style' && CSS_URL.test(node.textContent ?? '')) {
        externalFound = true;
        node.textContent = '';
      }
    });
    return purify;
  }));

/** What DOMPurify removing one of these says: the file was made to do something, not only to be looked at. */
const ACTIVE_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'audio', 'video', 'handler', 'listener']);

/**
 * An SVG logo made safe to serve: DOMPurify (SVG profile) on jsdom keeps shapes, text, gradients and styles and drops
 * everything else (editors' metadata included). A file that carried active content (scripts, event handlers, embedded
 * HTML) or references to other files is refused outright rather than shown half-working: see docs/churches.md.
 */
export const sanitiseSvg = async (data: Buffer): Promise<Buffer> => {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw refused(churchMessages.logoType);
  }
  if (!/<svg[\s>]/i.test(text)) throw refused(churchMessages.logoType);
  const purify = await purifierOnce();
  externalFound = false;
  const clean = purify.sanitize(text, { USE_PROFILES: { svg: true, svgFilters: true }, WHOLE_DOCUMENT: false });
  const removed = purify.removed as Array<{ element?: Element; attribute?: Attr | null }>;
  const active = removed.some(
    (r) => (r.element && ACTIVE_ELEMENTS.has(r.element.nodeName.toLowerCase())) || (r.attribute && /^on/i.test(r.attribute.name)),
  );
  if (active || externalFound) throw refused(churchMessages.logoSvgUnsafe);
  if (!/^<svg[\s>]/i.test(clean.trim())) throw refused(churchMessages.logoType);
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${clean}`, 'utf8');
};

/**
 * Checks a logo by its content, never its name: PNG and JPEG by their first bytes (kept as they are), SVG by parsing
 * (sanitised); anything else, or anything over LOGO_MAX_BYTES, is refused with a message a person understands.
 */
export const checkLogo = async (data: Buffer): Promise<{ type: LogoType; body: Buffer }> => {
  if (data.length === 0) throw refused(churchMessages.logoType);
  if (data.length > LOGO_MAX_BYTES) throw refused(churchMessages.logoTooLarge, 413);
  if (data.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return { type: 'image/png', body: data };
  if (data.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return { type: 'image/jpeg', body: data };
  return { type: 'image/svg+xml', body: await sanitiseSvg(data) };
};
