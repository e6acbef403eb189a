import {
  brandShades,
  checkBrandContrast,
  formatJoinCode,
  isJoinCode,
  JOIN_CODE_ALPHABET,
  newJoinCode,
  normaliseJoinCode,
  slugFromName,
  slugMessages,
  slugProblem,
} from './church-rules';

describe(slugProblem.name, () => {
  it.each(['grace', 'st-marks-church', 'c3x', 'a'.repeat(40)])('accepts %s', (slug) => expect(slugProblem(slug)).toBeNull());

  it.each([
    ['ab', slugMessages.length],
    ['a'.repeat(41), slugMessages.length],
    ['Grace', slugMessages.pattern],
    ['-grace', slugMessages.pattern],
    ['grace-', slugMessages.pattern],
    ['grace--hill', slugMessages.pattern],
    ['grace_hill', slugMessages.pattern],
    ['api', slugMessages.reserved],
    ['login', slugMessages.reserved],
    ['admin', slugMessages.reserved],
    ['ops', slugMessages.reserved],
    ['churches', slugMessages.reserved],
  ])('refuses %s', (slug, message) => expect(slugProblem(slug)).toBe(message));

  it('suggests an address from a name', () => {
    expect(slugFromName("St. Mark's Église — Downtown")).toBe('st-marks-eglise-downtown');
    expect(slugProblem(slugFromName('Grace Fellowship of the Hills'))).toBeNull();
  });
});

describe('join codes', () => {
  it('reads a code however it was typed', () => {
    expect(normaliseJoinCode(' abcd-efgh ')).toBe('ABCDEFGH');
    expect(isJoinCode('ABCDEFGH')).toBe(true);
    expect(formatJoinCode('ABCDEFGH')).toBe('ABCD-EFGH');
  });

  it('never uses characters people confuse (0/O, 1/I/L)', () => {
    expect(JOIN_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(isJoinCode('ABCDEFG0')).toBe(false);
    expect(isJoinCode('ABCDEFG')).toBe(false);
    const code = newJoinCode((below) => below - 1);
    expect(code).toBe('99999999');
    expect(isJoinCode(newJoinCode((below) => Math.floor(Math.random() * below)))).toBe(true);
  });
});

describe(checkBrandContrast.name, () => {
  it('accepts the app’s teal and dark colours (white text on them, links in them reach 4.5:1)', () => {
    expect(checkBrandContrast('#0f766e')).toMatchObject({ ok: true, message: null });
    expect(checkBrandContrast('#1E3A8A').ok).toBe(true);
    expect(checkBrandContrast('#0f766e').ratio).toBeGreaterThanOrEqual(4.5);
  });

  it('refuses a light colour with the ratio it reaches', () => {
    const check = checkBrandContrast('#fbbf24');
    expect(check.ok).toBe(false);
    expect(check.ratio).toBeLessThan(2);
    expect(check.message).toContain(`${check.ratio.toFixed(2)}:1`);
    expect(check.message).toContain('4.5:1');
  });

  it('checks against the page background too, which is a little darker than white', () => {
    // #767676 is 4.54:1 on white, but under 4.5:1 on the page's #f6f7f4.
    expect(checkBrandContrast('#767676').ok).toBe(false);
  });

  it('asks for a hex colour', () => expect(checkBrandContrast('teal')).toMatchObject({ ok: false, message: 'Use a colour like #0f766e' }));
});

describe(brandShades.name, () => {
  // @ctrl/tinycolor's darken(6) and darken(12) of each colour, which churches saw before it was replaced: the first
  // lines are colours where a plain HSL round trip lands one step off in a channel (tinycolor's rounding kept).
  it.each([
    ['#ff6933', '#ff5314', '#f54100'],
    ['#001d8e', '#00176f', '#001051'],
    ['#8700cc', '#7300ad', '#5e008f'],
    ['#ffe3f7', '#ffc4ee', '#ffa6e6'],
    ['#008073', '#006157', '#00433c'],
    ['#003abb', '#00309c', '#00277e'],
    ['#0f766e', '#0c5b55', '#08403b'],
    ['#1E3A8A', '#192f71', '#132558'],
    ['#767676', '#676767', '#575757'],
    ['#ffffff', '#f0f0f0', '#e0e0e0'],
    ['#0a0a0a', '#000000', '#000000'],
    ['#000000', '#000000', '#000000'],
  ])('darkens %s to %s on hover and %s when pressed', (color, hover, active) => {
    expect(brandShades(color)).toEqual({ hover, active });
  });
});
