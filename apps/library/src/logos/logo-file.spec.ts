import { churchMessages, LOGO_MAX_BYTES } from '@abide/contracts';
import { checkLogo } from './logo-file';

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(20)]);
const svg = (inner: string, attrs = '') => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attrs}>${inner}</svg>`);
const refusedWith = (message: string, status = 400) => expect.objectContaining({ status, detail: message });

describe(checkLogo.name, () => {
  it('keeps PNG and JPEG files as they are, by their first bytes whatever their name', async () => {
    expect(await checkLogo(png)).toEqual({ type: 'image/png', body: png });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    expect((await checkLogo(jpeg)).type).toBe('image/jpeg');
  });

  it('sanitises an SVG, dropping editors’ metadata but keeping shapes and styles', async () => {
    const { type, body } = await checkLogo(svg('<metadata><rdf:RDF/></metadata><circle cx="5" cy="5" r="4" fill="#0f766e" style="stroke: #fff"/>'));
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

  it('accepts references to the SVG’s own parts', async () => {
    const file = svg('<defs><linearGradient id="g"><stop offset="0" stop-color="#000"/></linearGradient></defs><rect width="5" height="5" fill="url(#g)"/><use href="#g"/>');
    expect((await checkLogo(file)).body.toString()).toContain('url(#g)');
  });

  it('refuses what is not an image, and a logo over the size limit (413)', async () => {
    await expect(checkLogo(Buffer.from('%PDF-1.4 hello'))).rejects.toEqual(refusedWith(churchMessages.logoType));
    await expect(checkLogo(Buffer.from([0x00, 0xff, 0xfe]))).rejects.toEqual(refusedWith(churchMessages.logoType));
    await expect(checkLogo(Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES)]))).rejects.toEqual(refusedWith(churchMessages.logoTooLarge, 413));
  });
});
