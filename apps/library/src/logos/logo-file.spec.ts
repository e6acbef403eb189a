import { churchMessages, LOGO_MAX_BYTES } from '@abide/contracts';
import { checkLogo } from './logo-file';

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(20)]);
const svg = (inner: string, attrs = '') =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attrs}>${inner}</svg>`);
const refusedWith = (message: string, status = 400) => expect.objectContaining({ status, detail: message });

describe(checkLogo.name, () => {
  it('keeps PNG and JPEG files as they are, by their first bytes whatever their name', async () => {
    expect(await checkLogo(png)).toEqual({ type: 'image/png', body: png });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    expect((await checkLogo(jpeg)).type).toBe('image/jpeg');
  });

  it('sanitises an SVG, dropping editors’ metadata but keeping shapes and styles', async () => {
    const { type, body } = await checkLogo(
      svg('<metadata><rdf:RDF/></metadata><circle cx="5" cy="5" r="4" fill="#0f766e" style="stroke: #fff"/>'),
    );
    expect(type).toBe('image/svg+xml');
    const text = body.toString('utf8');
    expect(text).toContain('<circle');
    expect(text).toContain('fill="#0f766e"');
    expect(text).not.toContain('rdf:RDF');
  });

  it.each([
    ['a script', svg('<script>alert(1)</script><circle r="1"/>')],
    ['an event handler', svg('<circle r="1" onclick="alert(1)"/>')],
    ['an event handler on the root', svg('<circle r="1"/>', ' onload="alert(1)"')],
    ['embedded HTML', svg('<foreignObject><div>hi</div></foreignObject>')],
    ['a link to another file', svg('<image href="https://example.org/x.png" width="5" height="5"/>')],
    ['a CSS reference to another file', svg('<rect width="5" height="5" style="fill: url(https://example.org/x.svg)"/>')],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><circle r="1"/></a>')],
  ])('refuses an SVG with %s', async (_what, file) => {
    await expect(checkLogo(file)).rejects.toEqual(refusedWith(churchMessages.logoSvgUnsafe));
  });

  // Each of these fetches from another server (tracking whoever views the church's logo) or runs script.
  it.each([
    ['url() in a fill attribute', svg('<rect width="5" height="5" fill="url(https://example.org/x.svg#p)"/>')],
    ['url() in a filter attribute', svg('<rect width="5" height="5" filter="url(//example.org/f.svg#f)"/>')],
    ['url() in a mask attribute, quoted with spaces', svg(`<rect width="5" height="5" mask=" url( 'https://example.org/m.svg' )"/>`)],
    ['url() in clip-path after a local one', svg('<rect width="5" height="5" clip-path="url(#a) url(https://example.org/c)"/>')],
    ['url() in a marker attribute on the root', svg('<path d="M0 0L5 5"/>', ' marker-end="url(https://example.org/m.svg#m)"')],
    ['a CSS escape spelling url( in a style attribute', svg('<rect width="5" height="5" style="fill: \\75 rl(https://example.org/x)"/>')],
    ['a CSS escape spelling url( in a fill attribute', svg('<rect width="5" height="5" fill="\\000075\\72\\6c(https://example.org/x)"/>')],
    ['an escaped letter inside url(', svg('<rect width="5" height="5" style="fill: u\\rl(https://example.org/x)"/>')],
    [
      'a comment inside a CSS escape sequence',
      svg('<style>rect { fill: /* x */ \\75 rl(https://example.org/x) }</style><rect width="5" height="5"/>'),
    ],
    ['an entity spelling url( in an attribute', svg('<rect width="5" height="5" fill="&#117;rl(https://example.org/x)"/>')],
    ['@import in a style sheet', svg('<style>@import "https://example.org/a.css";</style><rect width="5" height="5"/>')],
    ['@import spelt with an escape', svg('<style>@\\69mport "https://example.org/a.css";</style><rect width="5" height="5"/>')],
    ['@import inside CDATA', svg('<style><![CDATA[@import url(https://example.org/a.css);]]></style><rect width="5" height="5"/>')],
    ['url() in a style sheet', svg('<style>rect { fill: url(https://example.org/x.svg#p) }</style><rect width="5" height="5"/>')],
    [
      'image-set() with a bare string',
      svg(`<style>rect { fill: image-set('https://example.org/x.png' 1x) }</style><rect width="5" height="5"/>`),
    ],
    ['a web font', svg('<style>@font-face { font-family: x; src: local(x) }</style><text>hi</text>')],
    ['a data: URL in href', svg('<image href="data:image/svg+xml;base64,PHN2Zy8+" width="5" height="5"/>')],
    ['JaVaScRiPt: in mixed case', svg('<a href="JaVaScRiPt:alert(1)"><circle r="1"/></a>')],
    ['javascript: spelt with entities and a tab', svg('<a href="&#106;ava&#9;script&#58;alert(1)"><circle r="1"/></a>')],
    [
      'an external entity',
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
      ),
    ],
    [
      'nested entities',
      Buffer.from(
        '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>',
      ),
    ],
  ])('refuses an SVG with %s', async (_what, file) => {
    await expect(checkLogo(file)).rejects.toEqual(refusedWith(churchMessages.logoSvgUnsafe));
  });

  // DOMPurify's SVG profile has no <use> or <set>: they go, with what they pointed at, so nothing of them reaches a viewer.
  it.each([
    [
      'a link to another file in xlink:href',
      svg('<use xlink:href="https://example.org/x.svg#a"/>', ' xmlns:xlink="http://www.w3.org/1999/xlink"'),
    ],
    ['a protocol-relative link', svg('<use href="//example.org/x.svg#a"/>')],
    ['javascript: in an animation value', svg('<a><set attributeName="href" to="javascript:alert(1)"/><circle r="1"/></a>')],
  ])('serves an SVG with %s without it', async (_what, file) => {
    const served = (await checkLogo(file)).body.toString();

    expect(served).not.toMatch(/example\.org|javascript/i);
  });

  it('accepts references to the SVG’s own parts', async () => {
    const file = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#000"/></linearGradient></defs><rect width="5" height="5" fill="url(#g)"/><use href="#g"/>',
    );
    expect((await checkLogo(file)).body.toString()).toContain('url(#g)');
    const quoted = svg(
      `<defs><clipPath id="c"><rect width="5" height="5"/></clipPath></defs><rect width="5" height="5" clip-path="url('#c')" style="fill: url( #g )"/>`,
    );
    expect((await checkLogo(quoted)).body.toString()).toContain("url('#c')");
  });

  it('refuses what is not an image, and a logo over the size limit (413)', async () => {
    await expect(checkLogo(Buffer.from('%PDF-1.4 hello'))).rejects.toEqual(refusedWith(churchMessages.logoType));
    await expect(checkLogo(Buffer.from([0x00, 0xff, 0xfe]))).rejects.toEqual(refusedWith(churchMessages.logoType));
    await expect(checkLogo(Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES)]))).rejects.toEqual(
      refusedWith(churchMessages.logoTooLarge, 413),
    );
  });
});
