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

/** Link attributes: anything but a reference to one of the SVG's own parts (`#id`) would load from elsewhere. */
const LINK_ATTRIBUTES = new Set(['href', 'xlink:href', 'src']);
const isLocalReference = (value: string) => /^\s*#[\w.:-]*\s*$/.test(value);

/** CSS as the browser reads it: comments gone, escapes (`\75 rl(` is `url(`, `\@import`) turned into their characters. */
const cssAsRead = (css: string): string =>
  css
    .replace(/\/\*[^]*?(\*\/|$)/g, '')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_escape, hex: string) =>
      String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff) || 0xfffd),
    )
    .replace(/\\\n/g, '')
    .replace(/\\(.)/g, '$1');
/** `url(…)` to anything but `#id`, and the CSS that fetches without `url(`: imports, fonts, image sets, `src()`, `expression()`. */
const CSS_FETCH = /url\(\s*(?!['"]?\s*#)|@import|@font-face|image-set\(|image\(|\bsrc\(|expression\(/i;
/** `javascript:` (and `vbscript:`), with the whitespace and NULs a URL parser skips inside the scheme. */
const SCRIPT_URL = /(java|vb)[\s\0]*s[\s\0]*c[\s\0]*r[\s\0]*i[\s\0]*p[\s\0]*t[\s\0]*:/i;

/**
 * Whether a style sheet or an attribute value (its entities already decoded by the parser) would load something from
 * elsewhere or run script: presentation attributes (`fill`, `filter`, `mask`, `clip-path`…) take `url(…)` as `style` does.
 */
const loadsFromElsewhere = (css: string): boolean => {
  const read = cssAsRead(css);
  return CSS_FETCH.test(read) || SCRIPT_URL.test(read);
};

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
      const name = data.attrName.toLowerCase();
      const isLink = LINK_ATTRIBUTES.has(name) || name.endsWith(':href');
      if (isLink ? !isLocalReference(data.attrValue) : loadsFromElsewhere(data.attrValue)) {
        externalFound = true;
        data.keepAttr = false;
      }
    });
    purify.addHook('uponSanitizeElement', (node, data) => {
      if (data.tagName === 'style' && loadsFromElsewhere(node.textContent ?? '')) {
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
  // A document type declares entities (external ones read files, nested ones multiply): a logo needs none.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw refused(churchMessages.logoSvgUnsafe);
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
